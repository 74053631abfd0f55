#!/usr/bin/env python3
"""Writes the corpus of broken glTF files used by GltfExceptionCorpusTest.

Each case starts from one small valid document (three nodes, a skin, a rotation animation) and breaks one thing.
expected.tsv lists every file with a fragment its GltfException message must contain. Run from this folder:
python3 generate.py
"""
import base64, copy, json, struct

def buffer_bytes():
    ibm = [1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1] + [1,0,0,0, 0,1,0,0, 0,0,1,0, 0,-1,0,1]
    times = [0.0, 1.0]
    rots = [0,0,0,1, 0,0,0.7071068,0.7071068]
    return struct.pack('<32f', *ibm) + struct.pack('<2f', *times) + struct.pack('<8f', *rots)

BIN = buffer_bytes()  # 168 bytes

def base_doc(uri=True):
    doc = {
        "asset": {"version": "2.0", "generator": "arbor corpus"},
        "scene": 0,
        "scenes": [{"nodes": [0]}],
        "nodes": [
            {"name": "root", "children": [1]},
            {"name": "arm", "translation": [0, 1, 0], "children": [2]},
            {"name": "hand", "translation": [0, 1, 0]},
        ],
        "skins": [{"joints": [1, 2], "inverseBindMatrices": 0}],
        "animations": [{"channels": [{"sampler": 0, "target": {"node": 1, "path": "rotation"}}],
                        "samplers": [{"input": 1, "output": 2, "interpolation": "LINEAR"}]}],
        "accessors": [
            {"bufferView": 0, "componentType": 5126, "count": 2, "type": "MAT4"},
            {"bufferView": 1, "componentType": 5126, "count": 2, "type": "SCALAR", "min": [0], "max": [1]},
            {"bufferView": 2, "componentType": 5126, "count": 2, "type": "VEC4"},
        ],
        "bufferViews": [
            {"buffer": 0, "byteOffset": 0, "byteLength": 128},
            {"buffer": 0, "byteOffset": 128, "byteLength": 8},
            {"buffer": 0, "byteOffset": 136, "byteLength": 32},
        ],
        "buffers": [{"byteLength": len(BIN)}],
    }
    if uri:
        doc["buffers"][0]["uri"] = "data:application/octet-stream;base64," + base64.b64encode(BIN).decode()
    return doc

def glb(doc, bin_bytes=BIN, version=2, magic=b'glTF', length_delta=0, json_len_delta=0, bin_len_delta=0):
    j = json.dumps(doc).encode()
    j += b' ' * ((4 - len(j) % 4) % 4)
    b = bin_bytes + b'\0' * ((4 - len(bin_bytes) % 4) % 4)
    body = struct.pack('<II', len(j) + json_len_delta, 0x4E4F534A) + j + struct.pack('<II', len(b) + bin_len_delta, 0x004E4942) + b
    return magic + struct.pack('<II', version, 12 + len(body) + length_delta) + body

cases = []

def gltf_case(name, mutate, expected):
    d = base_doc()
    mutate(d)
    with open(name + '.gltf', 'w') as f:
        json.dump(d, f)
    cases.append((name + '.gltf', expected))

def raw_case(name, data, expected):
    with open(name, 'wb') as f:
        f.write(data)
    cases.append((name, expected))

# the valid base documents (expected: empty = must load)
with open('valid.gltf', 'w') as f:
    json.dump(base_doc(), f)
raw_case('valid.glb', glb(base_doc(uri=False)), '')

valid_glb = glb(base_doc(uri=False))
raw_case('truncated-header.glb', valid_glb[:10], 'glb.header: truncated')
raw_case('truncated-body.glb', valid_glb[:100], 'glb.length: declared length')
raw_case('wrong-magic.glb', b'glTX' + valid_glb[4:], 'glb.magic')
raw_case('wrong-version.glb', glb(base_doc(uri=False), version=1), 'glb.version: version 1 is not supported')
raw_case('json-chunk-past-end.glb', glb(base_doc(uri=False), json_len_delta=4096), 'glb.chunks[0].length')
raw_case('bin-chunk-past-end.glb', glb(base_doc(uri=False), bin_len_delta=1 << 30), 'glb.chunks[1].length')
raw_case('glb-length-huge.glb', glb(base_doc(uri=False), length_delta=0x7ff00000), 'glb.length: declared length')
d = base_doc(uri=False); d['buffers'][0]['byteLength'] = 2000000000
raw_case('buffer-longer-than-bin-chunk.glb', glb(d), 'buffers[0].byteLength: byteLength 2000000000 exceeds the GLB binary chunk')
raw_case('truncated-json.gltf', json.dumps(base_doc()).encode()[:300], 'json: malformed JSON')
raw_case('top-level-array.gltf', b'[1, 2, 3]', 'json: top level is not an object')
raw_case('deeply-nested.gltf', b'{"asset": {"version": "2.0"}, "extras": ' + b'[' * 100000 + b']' * 100000 + b'}', 'json: limit exceeded')
raw_case('duplicate-key.gltf', b'{"asset": {"version": "2.0"}, "nodes": [], "nodes": []}', 'json: malformed JSON')
raw_case('not-json.gltf', b'\x00\x01\x02binary garbage', 'json: malformed JSON')

gltf_case('missing-asset', lambda d: d.pop('asset'), 'asset: required object is missing')
gltf_case('version-1', lambda d: d['asset'].update(version='1.0'), 'asset.version: version "1.0" is not supported')
gltf_case('required-extension', lambda d: d.update(extensionsRequired=['EXT_meshopt_compression']),
          'extensionsRequired[0]: required extension "EXT_meshopt_compression" is not supported')
gltf_case('accessor-outside-view', lambda d: d['accessors'][0].update(count=3), 'accessors[0]: byteOffset 0 + 3 elements of stride 64 (192 bytes) exceed bufferViews[0].byteLength=128')
gltf_case('view-outside-buffer', lambda d: d['bufferViews'][2].update(byteLength=64), 'bufferViews[2]: byteOffset 136 + byteLength 64 exceeds buffers[0].byteLength=168')
gltf_case('stride-too-small', lambda d: d['bufferViews'][0].update(byteStride=32), 'bufferViews[0].byteStride: byteStride 32 is smaller than the element size 64')
gltf_case('stride-not-multiple-of-4', lambda d: d['bufferViews'][1].update(byteStride=6), 'bufferViews[1].byteStride: byteStride 6 is not a multiple of 4')
gltf_case('stride-past-view', lambda d: d['bufferViews'][1].update(byteStride=8), 'accessors[1]: byteOffset 0 + 2 elements of stride 8 (12 bytes) exceed bufferViews[1].byteLength=8')
gltf_case('misaligned-accessor', lambda d: d['accessors'][1].update(byteOffset=2), 'accessors[1].byteOffset: byteOffset 2 is not a multiple of the component size 4')
gltf_case('child-out-of-range', lambda d: d['nodes'][0].update(children=[42]), 'nodes[0].children[0]: index 42 out of range, nodes.length=3')
gltf_case('negative-index', lambda d: d['nodes'][0].update(children=[-1]), 'nodes[0].children[0]: index -1 out of range, nodes.length=3')
gltf_case('fractional-index', lambda d: d['nodes'][0].update(children=[1.5]), 'nodes[0].children[0]: expected an integer, found 1.5')
gltf_case('two-parents', lambda d: d['nodes'][0].update(children=[1, 2]), 'nodes[1].children[0]: node 2 already has parent 0')
gltf_case('self-child', lambda d: d['nodes'][2].update(children=[2]), 'nodes[2].children[0]: node 2 lists itself as a child')
def cycle(d):
    d['nodes'][2]['children'] = [0]
    d['scenes'] = []
    d.pop('scene')
gltf_case('cycle', cycle, 'is its own ancestor (a cycle')
gltf_case('scene-root-has-parent', lambda d: d['scenes'][0].update(nodes=[0, 2]), 'scenes[0].nodes[1]: node 2 is not a root: its parent is node 1')
gltf_case('default-scene-out-of-range', lambda d: d.update(scene=3), 'scene: index 3 out of range, scenes.length=1')
gltf_case('infinite-translation', lambda d: d['nodes'][1].update(translation=[1e999, 0, 0]), "json: malformed JSON: Non-standard token 'Infinity'")
gltf_case('huge-translation', lambda d: d['nodes'][1].update(translation=[1e300, 0, 0]), 'nodes[1].translation[0]: value 1.0E300 is not a finite float')
gltf_case('zero-rotation', lambda d: d['nodes'][1].update(rotation=[0, 0, 0, 0]), 'nodes[1].rotation: zero quaternion')
gltf_case('short-translation', lambda d: d['nodes'][1].update(translation=[1, 2]), 'nodes[1].translation: expected an array of 3 numbers')
gltf_case('matrix-not-affine', lambda d: d['nodes'][0].update(matrix=[1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,2]), 'nodes[0].matrix[15]: value 2.0 makes the matrix not affine')
gltf_case('matrix-and-trs', lambda d: d['nodes'][2].update(matrix=[1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1]), 'nodes[2]: has both matrix and translation/rotation/scale')
def animated_matrix(d):
    d['nodes'][1].pop('translation'); d['nodes'][1]['matrix'] = [1,0,0,0, 0,1,0,0, 0,0,1,0, 0,0,0,1]
gltf_case('animated-matrix-node', animated_matrix, 'animations[0].channels[0].target.node: node 1 has a matrix and must not be animated')
gltf_case('buffer-bytelength-huge', lambda d: d['buffers'][0].update(byteLength=2000000000), 'buffers[0].uri: data: URI holds 168 bytes, byteLength says 2000000000')
gltf_case('buffer-bytelength-over-int', lambda d: d['buffers'][0].update(byteLength=1 << 40), 'buffers[0].byteLength: value 1099511627776 out of range')
gltf_case('external-buffer-too-short', lambda d: d['buffers'][0].update(uri='tiny.bin'), 'buffers[0].uri: buffer file "tiny.bin" has 8 bytes, byteLength says 168')
gltf_case('external-buffer-missing', lambda d: d['buffers'][0].update(uri='missing.bin'), 'buffers[0].uri: buffer file "missing.bin" does not exist')
gltf_case('uri-parent-dir', lambda d: d['buffers'][0].update(uri='../corpus/tiny.bin'), 'buffers[0].uri: refused path "../corpus/tiny.bin": it leaves the file\'s folder')
gltf_case('uri-nested-parent-dir', lambda d: d['buffers'][0].update(uri='sub/../../x.bin'), 'it leaves the file\'s folder')
gltf_case('uri-percent-parent-dir', lambda d: d['buffers'][0].update(uri='%2e%2e/x.bin'), 'it leaves the file\'s folder')
gltf_case('uri-absolute', lambda d: d['buffers'][0].update(uri='/etc/passwd'), 'buffers[0].uri: refused absolute path "/etc/passwd"')
gltf_case('uri-file-scheme', lambda d: d['buffers'][0].update(uri='file:///etc/passwd'), 'buffers[0].uri: refused URI "file:///etc/passwd"')
gltf_case('uri-http', lambda d: d['buffers'][0].update(uri='https://example.com/x.bin'), 'buffers[0].uri: refused URI')
gltf_case('data-uri-not-base64', lambda d: d['buffers'][0].update(uri='data:application/octet-stream,abc'), 'buffers[0].uri: only base64 data: URIs are supported')
gltf_case('data-uri-bad-base64', lambda d: d['buffers'][0].update(uri='data:application/octet-stream;base64,@@@@'), 'buffers[0].uri: invalid base64 data')
def nan_ibm(d):
    raw = bytearray(BIN); raw[12:16] = struct.pack('<f', float('nan'))
    d['buffers'][0]['uri'] = "data:application/octet-stream;base64," + base64.b64encode(bytes(raw)).decode()
gltf_case('nan-in-inverse-bind-matrix', nan_ibm, 'accessors[0]: element 0 component 3 is NaN (used by skins[0].inverseBindMatrices)')
def inf_key(d):
    raw = bytearray(BIN); raw[140:144] = struct.pack('<f', float('inf'))
    d['buffers'][0]['uri'] = "data:application/octet-stream;base64," + base64.b64encode(bytes(raw)).decode()
gltf_case('infinite-keyframe', inf_key, 'accessors[2]: element 0 component 1 is Infinity (used by animations[0].samplers[0].output)')
def times_backwards(d):
    raw = bytearray(BIN); raw[128:136] = struct.pack('<2f', 1.0, 0.5)
    d['buffers'][0]['uri'] = "data:application/octet-stream;base64," + base64.b64encode(bytes(raw)).decode()
gltf_case('times-not-increasing', times_backwards, 'animations[0].samplers[0].input: key times of accessor 1 are not strictly increasing')
gltf_case('output-count-mismatch', lambda d: d['animations'][0]['samplers'][0].update(interpolation='CUBICSPLINE'), 'animations[0].samplers[0].output: accessor 2 has 2 values, expected 6 for 2 CUBICSPLINE keys')
gltf_case('unknown-interpolation', lambda d: d['animations'][0]['samplers'][0].update(interpolation='QUADRATIC'), 'animations[0].samplers[0].interpolation: unknown interpolation "QUADRATIC"')
gltf_case('unknown-path', lambda d: d['animations'][0]['channels'][0]['target'].update(path='color'), 'animations[0].channels[0].target.path: unknown path "color"')
gltf_case('wrong-output-type', lambda d: d['animations'][0]['channels'][0]['target'].update(path='translation'), 'accessors[2].type: "VEC4" is not allowed for animations[0].samplers[0].output, expected "VEC3"')
gltf_case('sampler-out-of-range', lambda d: d['animations'][0]['channels'][0].update(sampler=5), 'animations[0].channels[0].sampler: index 5 out of range, samplers.length=1')
gltf_case('unknown-component-type', lambda d: d['accessors'][1].update(componentType=5130), 'accessors[1].componentType: unknown component type 5130')
gltf_case('unknown-accessor-type', lambda d: d['accessors'][1].update(type='VEC7'), 'accessors[1].type: unknown type "VEC7"')
gltf_case('unbacked-accessor-huge', lambda d: d['accessors'].append({"componentType": 5126, "count": 2000000000, "type": "MAT4"}), 'accessors[3].count: count 2000000000 without a bufferView exceeds the limit')
gltf_case('sparse-index-out-of-range', lambda d: (d['accessors'][1].update(sparse={"count": 1, "indices": {"bufferView": 1, "byteOffset": 4, "componentType": 5125}, "values": {"bufferView": 1}})), 'accessors[1].sparse.indices: index 1065353216 at position 0 out of range, accessor count=2')
gltf_case('sparse-outside-view', lambda d: (d['accessors'][1].update(sparse={"count": 2, "indices": {"bufferView": 1, "componentType": 5125}, "values": {"bufferView": 1, "byteOffset": 4}})), 'accessors[1].sparse.values: byteOffset 4 + 2 values (12 bytes) exceed bufferViews[1].byteLength=8')
gltf_case('ibm-wrong-type', lambda d: d['skins'][0].update(inverseBindMatrices=1), 'accessors[1].type: "SCALAR" is not allowed for skins[0].inverseBindMatrices, expected "MAT4"')
gltf_case('joint-listed-twice', lambda d: d['skins'][0].update(joints=[1, 1]), 'skins[0].joints[1]: node 1 is listed twice')
gltf_case('nodes-not-array', lambda d: d.update(nodes={"a": 1}), 'nodes: expected an array, found {"a":1}')
gltf_case('node-not-object', lambda d: d['nodes'].append(7), 'nodes[3]: expected an object, found 7')
def bad_bounds(d):
    d['accessors'].append({"componentType": 5126, "count": 1, "type": "VEC3", "min": [1, 0, 0], "max": [0, 1, 1]})
    d['meshes'] = [{"primitives": [{"attributes": {"POSITION": 3}}]}]
    d['nodes'][2]['mesh'] = 0
gltf_case('position-min-above-max', bad_bounds, 'accessors[3].min: min 1.0 exceeds max 0.0 on axis x (POSITION of meshes[0].primitives[0])')
gltf_case('name-not-string', lambda d: d['nodes'][0].update(name=5), 'nodes[0].name: expected a string, found 5')

with open('tiny.bin', 'wb') as f:
    f.write(b'12345678')
with open('expected.tsv', 'w') as f:
    f.write('# file\texpected fragment of the GltfException message (empty: must load)\n')
    f.write('valid.gltf\t\n')
    for name, expected in cases:
        f.write(name + '\t' + expected + '\n')
