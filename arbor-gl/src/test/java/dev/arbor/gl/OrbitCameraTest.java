package dev.arbor.gl;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.joml.Vector3f;
import org.joml.Vector4f;
import org.junit.jupiter.api.Test;

/**
 * The orbit's arithmetic, without OpenGL. The box is the unit cube around (0, 1, 0): radius √3 / 2, so with a 60°
 * field of view the fitted distance is √3 / 2 / sin 30° = √3.
 *
 * <pre>
 *          +y
 *           |   eye after dragging 157 px left: +x side
 *   target (0,1,0) ---- +x
 *          /
 *        +z   eye at first: (0, 1, √3)
 * </pre>
 */
class OrbitCameraTest {
    static final float[] CUBE = {-0.5f, 0.5f, -0.5f, 0.5f, 1.5f, 0.5f};
    static final float FOV = (float) Math.toRadians(60);
    static final float SQRT3 = (float) Math.sqrt(3);

    @Test
    void fittedEyeLooksAtTheCentreFromPlusZ() {
        OrbitCamera orbit = new OrbitCamera(CUBE, FOV);
        Vector3f eye = orbit.eye(new Vector3f());
        assertThat(eye.x).isCloseTo(0, within(1e-5f));
        assertThat(eye.y).isCloseTo(1, within(1e-5f));
        assertThat(eye.z).isCloseTo(SQRT3, within(1e-5f));
        // the target projects to the middle of the picture
        Vector4f clip = new Vector4f(0, 1, 0, 1).mul(orbit.camera(1).clipFromWorld());
        assertThat(clip.x / clip.w).isCloseTo(0, within(1e-5f));
        assertThat(clip.y / clip.w).isCloseTo(0, within(1e-5f));
        assertThat(clip.z / clip.w).isBetween(-1f, 1f);
    }

    @Test
    void draggingLeftAQuarterTurnBringsTheEyeToPlusX() {
        OrbitCamera orbit = new OrbitCamera(CUBE, FOV);
        orbit.drag(-Math.PI / 2 / OrbitCamera.RADIANS_PER_PIXEL, 0);
        Vector3f eye = orbit.eye(new Vector3f());
        assertThat(eye.x).isCloseTo(SQRT3, within(1e-4f));
        assertThat(eye.z).isCloseTo(0, within(1e-4f));
        // dragging down raises the eye; pitch stops short of straight up
        orbit.drag(0, 10_000);
        assertThat(orbit.pitch()).isEqualTo(OrbitCamera.MAX_PITCH);
        assertThat(orbit.eye(new Vector3f()).y).isGreaterThan(1 + 0.99f * SQRT3);
        orbit.drag(0, -20_000);
        assertThat(orbit.pitch()).isEqualTo(-OrbitCamera.MAX_PITCH);
    }

    @Test
    void zoomStepsScaleTheDistanceWithinBounds() {
        OrbitCamera orbit = new OrbitCamera(CUBE, FOV);
        orbit.zoom(1);
        assertThat(orbit.distance()).isCloseTo(0.9f * SQRT3, within(1e-5f));
        orbit.zoom(-2);
        assertThat(orbit.distance()).isCloseTo(SQRT3 / 0.9f, within(1e-4f));
        orbit.zoom(1_000);
        assertThat(orbit.distance()).isCloseTo(0.05f * SQRT3, within(1e-5f));
        orbit.zoom(-1_000);
        assertThat(orbit.distance()).isCloseTo(50 * SQRT3, within(1e-3f));
    }

    @Test
    void cameraIsMadeAnewOnlyWhenSomethingChanged() {
        OrbitCamera orbit = new OrbitCamera(CUBE, FOV);
        Camera first = orbit.camera(1.5f);
        assertThat(orbit.camera(1.5f)).isSameAs(first);
        assertThat(orbit.camera(2f)).isNotSameAs(first);
        Camera wide = orbit.camera(2f);
        orbit.drag(3, 0);
        assertThat(orbit.camera(2f)).isNotSameAs(wide);
    }

    @Test
    void misuseIsRefusedWithTheValueAndTheBound() {
        assertThatThrownBy(() -> new OrbitCamera(new float[5], FOV)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("bounds too short: length=5, offset=0, required=6");
        assertThatThrownBy(() -> new OrbitCamera(new float[] {0, 0, 0, -1, 1, 1}, FOV))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("bounds empty or not finite: axis=0, min=0.0, max=-1.0");
        assertThatThrownBy(() -> new OrbitCamera(CUBE, 4)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("verticalFov out of range: verticalFov=4.0, range=(0, 3.1415927)");
        assertThatThrownBy(() -> new OrbitCamera(CUBE, FOV).camera(0)).isInstanceOf(IllegalArgumentException.class)
                .hasMessage("aspect out of range: aspect=0.0, required > 0");
    }
}
