// three.js's GLTFLoader.parse of one .glb in a fresh Node process, for Arbor's cold-start benchmark
// (dev.arbor.bench.cold.ColdStartMain --gltf FILE --threejs). Usage: node first-parse.mjs FILE.glb [--reads N]
// [--node-fetch]
//
// Parses the file N times (default 10), each with a new GLTFLoader, and prints, in the line format of Arbor's
// ColdChild (one fresh JVM of the benchmark):
//   info import_ms MS       loading three's modules (three.module.js, GLTFLoader.js) after Node started
//   info file_ms MS         fs.readFileSync of the file
//   info nodes|skins|animations|three N
//   read I NANOS -1         the I-th parse (1 = the first, the cold one), from the ArrayBuffer to the onLoad
//                           callback; -1: Node does not count allocated bytes per thread
//
// Node has no DOM. For a .glb, GLTFLoader needs three things of a browser, all given here:
//   self               it reads self.URL for URL.createObjectURL (Node has URL and Blob as globals)
//   createImageBitmap  its presence makes GLTFLoader choose ImageBitmapLoader (without it, TextureLoader, which needs
//                      document.createElementNS: the embedded image then fails to load, with a warning, and the
//                      parse still completes); the stub returns a 1x1 placeholder without decoding the image, as
//                      Arbor's reader keeps image bytes undecoded too
//   fetch of blob:     ImageBitmapLoader fetches the object URL of an embedded image. Node's own fetch can (Node 20),
//                      but its first call loads Node's HTTP client (undici), about 20 ms a browser does not spend;
//                      so blob: URLs are answered here from the Blob the loader registered, unless --node-fetch is
//                      given (then Node's fetch serves them, and the first parse includes that load)
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const args = process.argv.slice(2);
const file = args[0];
const readsAt = args.indexOf('--reads');
const reads = readsAt < 0 ? 10 : Number(args[readsAt + 1]);
if (!file || file.startsWith('--') || !(Number.isInteger(reads) && reads >= 1)) {
  console.error('usage: node first-parse.mjs FILE.glb [--reads N] [--node-fetch]');
  process.exit(2);
}

globalThis.self = globalThis;
globalThis.createImageBitmap = async (source) => ({ width: 1, height: 1, source, close() {} });
if (!args.includes('--node-fetch')) {
  const blobs = new Map();
  const createObjectURL = URL.createObjectURL.bind(URL);
  URL.createObjectURL = (blob) => {
    const url = createObjectURL(blob);
    blobs.set(url, blob);
    return url;
  };
  const revokeObjectURL = URL.revokeObjectURL.bind(URL);
  URL.revokeObjectURL = (url) => {
    blobs.delete(url);
    revokeObjectURL(url);
  };
  const nodeFetch = globalThis.fetch;
  globalThis.fetch = (url, options) => {
    const blob = blobs.get(String(url));
    return blob ? Promise.resolve({ ok: true, status: 200, blob: async () => blob }) : nodeFetch(url, options);
  };
}

const t0 = performance.now();
const THREE = await import('three');
const { GLTFLoader } = await import('three/addons/loaders/GLTFLoader.js');
const t1 = performance.now();
const bytes = readFileSync(file);
const data = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);
const t2 = performance.now();
const nanos = [];
let gltf;
for (let r = 0; r < reads; r++) {
  const start = performance.now();
  gltf = await new Promise((resolve, reject) => new GLTFLoader().parse(data, '', resolve, reject));
  nanos.push(Math.round((performance.now() - start) * 1e6));
}

const lines = [
  `info import_ms ${(t1 - t0).toFixed(3)}`,
  `info file_ms ${(t2 - t1).toFixed(3)}`,
  `info nodes ${(gltf.parser.json.nodes || []).length}`,
  `info skins ${(gltf.parser.json.skins || []).length}`,
  `info animations ${gltf.animations.length}`,
  `info three r${THREE.REVISION}`,
  ...nanos.map((n, r) => `read ${r + 1} ${n} -1`),
];
console.log(lines.join('\n'));
