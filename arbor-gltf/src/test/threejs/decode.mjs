// Decodes glTF files with three.js's GLTFLoader (version pinned by package-lock.json) and prints, as one JSON
// array on stdout, per file: each mesh's primitives (mode, every attribute's itemSize, normalized flag, array type
// and decoded component values, the index array, morph target attributes), each material's parameters with its
// texture references (texture index, UV set, sampler, texture transform), each camera's projection, each punctual
// light and each instanced mesh's instance matrices, with the glTF node that holds them. Used by arbor-gltf's
// ThreeJsComparisonTest. Usage: node decode.mjs FILE...
//
// Node has no DOM and cannot decode images here: createImageBitmap is given as a stub returning a 1x1 placeholder
// (so the loader takes its ImageBitmapLoader path and still creates every texture with its sampler), and fetch is
// answered from disk for file: URLs and from the registered Blob for blob: URLs. Pixels are not compared.
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

globalThis.self = globalThis;
// FileLoader reports progress with the DOM's ProgressEvent, which Node 20 lacks.
globalThis.ProgressEvent ??= class ProgressEvent extends Event {
  constructor(type, init = {}) {
    super(type);
    Object.assign(this, init);
  }
};
globalThis.createImageBitmap = async (source) => ({ width: 1, height: 1, source, close() {} });
const blobs = new Map();
const createObjectURL = URL.createObjectURL.bind(URL);
URL.createObjectURL = (blob) => {
  const url = createObjectURL(blob);
  blobs.set(url, blob);
  return url;
};
const nodeFetch = globalThis.fetch;
globalThis.fetch = async (input, options) => {
  const url = typeof input === 'string' ? input : input.url ?? String(input);
  if (blobs.has(url)) {
    return new Response(blobs.get(url), { status: 200 });
  }
  if (url.startsWith('file:')) {
    return new Response(readFileSync(fileURLToPath(url)), { status: 200 });
  }
  return nodeFetch(input, options);
};

const THREE = await import('three');
const { GLTFLoader } = await import('three/addons/loaders/GLTFLoader.js');

function values(attribute) {
  const out = [];
  for (let i = 0; i < attribute.count; i++) {
    for (let c = 0; c < attribute.itemSize; c++) {
      out.push(attribute.getComponent(i, c));
    }
  }
  return out;
}

function describeAttribute(attribute) {
  const array = attribute.isInterleavedBufferAttribute ? attribute.data.array : attribute.array;
  return {
    itemSize: attribute.itemSize,
    count: attribute.count,
    normalized: attribute.normalized,
    arrayType: array.constructor.name,
    interleaved: !!attribute.isInterleavedBufferAttribute,
    values: values(attribute),
  };
}

function describeTexture(parser, texture) {
  if (!texture) {
    return null;
  }
  const association = parser.associations.get(texture);
  return {
    texture: association && association.textures !== undefined ? association.textures : -1,
    channel: texture.channel,
    offset: [texture.offset.x, texture.offset.y],
    repeat: [texture.repeat.x, texture.repeat.y],
    rotation: texture.rotation,
    magFilter: texture.magFilter,
    minFilter: texture.minFilter,
    wrapS: texture.wrapS,
    wrapT: texture.wrapT,
    flipY: texture.flipY,
  };
}

function describeMaterial(parser, m) {
  return {
    type: m.type,
    name: m.name,
    color: m.color ? m.color.toArray() : null,
    opacity: m.opacity,
    metalness: m.metalness ?? null,
    roughness: m.roughness ?? null,
    emissive: m.emissive ? m.emissive.toArray() : null,
    emissiveIntensity: m.emissiveIntensity ?? null,
    normalScale: m.normalScale ? [m.normalScale.x, m.normalScale.y] : null,
    aoMapIntensity: m.aoMapIntensity ?? null,
    alphaTest: m.alphaTest,
    transparent: m.transparent,
    side: m.side,
    vertexColors: m.vertexColors,
    map: describeTexture(parser, m.map),
    metalnessMap: describeTexture(parser, m.metalnessMap),
    roughnessMap: describeTexture(parser, m.roughnessMap),
    normalMap: describeTexture(parser, m.normalMap),
    aoMap: describeTexture(parser, m.aoMap),
    emissiveMap: describeTexture(parser, m.emissiveMap),
  };
}

async function decode(file) {
  const bytes = readFileSync(file);
  const data = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
  const loader = new GLTFLoader();
  const gltf = await loader.parseAsync(data, pathToFileURL(dirname(resolve(file))).href + '/');
  const parser = gltf.parser;
  const json = parser.json;
  const meshes = [];
  for (let m = 0; m < (json.meshes || []).length; m++) {
    const object = await parser.getDependency('mesh', m);
    const objects = object.isGroup ? object.children : [object];
    const primitives = [];
    for (const o of objects) {
      const g = o.geometry;
      const attributes = {};
      for (const [name, attribute] of Object.entries(g.attributes)) {
        attributes[name] = describeAttribute(attribute);
      }
      const morph = {};
      for (const [name, list] of Object.entries(g.morphAttributes)) {
        morph[name] = list.map(describeAttribute);
      }
      primitives.push({
        objectType: o.type,
        index: g.index ? Array.from(g.index.array) : null,
        attributes,
        morphAttributes: morph,
        morphTargetsRelative: g.morphTargetsRelative,
        morphTargetDictionary: o.morphTargetDictionary ?? null,
        morphTargetInfluences: o.morphTargetInfluences ?? null,
      });
    }
    meshes.push({ name: object.name, primitives });
  }
  const materials = [];
  for (let i = 0; i < (json.materials || []).length; i++) {
    materials.push(describeMaterial(parser, await parser.getDependency('material', i)));
  }
  const cameras = [];
  for (let i = 0; i < (json.cameras || []).length; i++) {
    const c = await parser.getDependency('camera', i);
    c.updateProjectionMatrix();
    cameras.push({ type: c.type, projection: c.projectionMatrix.toArray() });
  }
  const lights = [];
  const instances = [];
  gltf.scene.traverse((o) => {
    const own = parser.associations.get(o);
    const parent = o.parent ? parser.associations.get(o.parent) : undefined;
    const node = own && own.nodes !== undefined ? own.nodes : parent && parent.nodes !== undefined ? parent.nodes : -1;
    if (o.isLight) {
      lights.push({
        node,
        type: o.type,
        color: o.color.toArray(),
        intensity: o.intensity,
        distance: o.distance ?? null,
        angle: o.angle ?? null,
        penumbra: o.penumbra ?? null,
      });
    }
    if (o.isInstancedMesh) {
      instances.push({ node, count: o.count, matrices: Array.from(o.instanceMatrix.array) });
    }
  });
  return { file, meshes, materials, cameras, lights, instances };
}

const results = [];
for (const file of process.argv.slice(2)) {
  results.push(await decode(file));
}
process.stdout.write(JSON.stringify(results));
