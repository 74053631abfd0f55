package dev.arbor.gl;

import static org.lwjgl.opengl.GL20.GL_COMPILE_STATUS;
import static org.lwjgl.opengl.GL20.GL_FRAGMENT_SHADER;
import static org.lwjgl.opengl.GL20.GL_LINK_STATUS;
import static org.lwjgl.opengl.GL20.GL_VERTEX_SHADER;
import static org.lwjgl.opengl.GL20.glAttachShader;
import static org.lwjgl.opengl.GL20.glCompileShader;
import static org.lwjgl.opengl.GL20.glCreateProgram;
import static org.lwjgl.opengl.GL20.glCreateShader;
import static org.lwjgl.opengl.GL20.glDeleteProgram;
import static org.lwjgl.opengl.GL20.glDeleteShader;
import static org.lwjgl.opengl.GL20.glGetProgramInfoLog;
import static org.lwjgl.opengl.GL20.glGetProgrami;
import static org.lwjgl.opengl.GL20.glGetShaderInfoLog;
import static org.lwjgl.opengl.GL20.glGetShaderi;
import static org.lwjgl.opengl.GL20.glGetUniformLocation;
import static org.lwjgl.opengl.GL20.glLinkProgram;
import static org.lwjgl.opengl.GL20.glShaderSource;

/** A linked shader program of a vertex and a fragment shader; uniform locations looked up once by name. */
final class GlProgram implements AutoCloseable {
    final int program;

    private GlProgram(int program) {
        this.program = program;
    }

    /**
     * Compiles and links.
     *
     * @throws IllegalStateException with the compiler's or linker's log if a stage fails
     */
    static GlProgram link(String name, String vertexSource, String fragmentSource) {
        int vertex = compile(name + " vertex shader", GL_VERTEX_SHADER, vertexSource);
        int fragment = compile(name + " fragment shader", GL_FRAGMENT_SHADER, fragmentSource);
        int program = glCreateProgram();
        glAttachShader(program, vertex);
        glAttachShader(program, fragment);
        glLinkProgram(program);
        glDeleteShader(vertex);
        glDeleteShader(fragment);
        if (glGetProgrami(program, GL_LINK_STATUS) == 0) {
            String log = glGetProgramInfoLog(program);
            glDeleteProgram(program);
            throw new IllegalStateException(name + " does not link: " + log.strip());
        }
        return new GlProgram(program);
    }

    private static int compile(String what, int type, String source) {
        int shader = glCreateShader(type);
        glShaderSource(shader, source);
        glCompileShader(shader);
        if (glGetShaderi(shader, GL_COMPILE_STATUS) == 0) {
            String log = glGetShaderInfoLog(shader);
            glDeleteShader(shader);
            throw new IllegalStateException(what + " does not compile: " + log.strip());
        }
        return shader;
    }

    /** @return the uniform's location, -1 when the linker removed it as unused */
    int uniform(String name) {
        return glGetUniformLocation(program, name);
    }

    @Override
    public void close() {
        glDeleteProgram(program);
    }
}
