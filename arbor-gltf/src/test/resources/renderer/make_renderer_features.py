"""Writes RendererFeatures.gltf, a hand-made glTF 2.0 file for arbor-gltf's reader tests (python3, standard library).

Every value is chosen here, so the tests can state it exactly: an interleaved quad (float positions, normalized
unsigned-short UVs, normalized unsigned-byte colours, unsigned-byte indices), a quantized triangle strip without
indices (KHR_mesh_quantization: short positions, normalized byte normals, a custom _TEMPERATURE attribute, a sparse
UV set, a morph target of sparse values only, named in extras.targetNames), EXT_mesh_gpu_instancing on a node, KHR_lights_punctual lights, an infinite perspective camera, and materials
with KHR_texture_transform, KHR_materials_emissive_strength, KHR_materials_unlit and an extension Arbor does not
model (KHR_materials_ior). Images: a PNG in a buffer view, a PNG data URI, a WebP (EXT_texture_webp) and a KTX2
(KHR_texture_basisu) each with a PNG fallback.
"""
import base64
import json
import struct
import zlib


def png(width, height, rgba):
    def chunk(kind, data):
        return struct.pack('>I', len(data)) + kind + data + struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff)
    raw = b''.join(b'\x00' + bytes(rgba[y * width * 4:(y + 1) * width * 4]) for y in range(height))
    return (b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', width, height, 8, 6, 0, 0, 0))
            + chunk(b'IDAT', zlib.compress(raw)) + chunk(b'IEND', b''))


buf = bytearray()
views = []


def view(data, stride=None, target=None):
    while len(buf) % 4:
        buf.append(0)
    v = {'buffer': 0, 'byteOffset': len(buf), 'byteLength': len(data)}
    if stride:
        v['byteStride'] = stride
    if target:
        v['target'] = target
    buf.extend(data)
    views.append(v)
    return len(views) - 1


# Quad, interleaved: POSITION float3 | TEXCOORD_0 ushort2 normalized | COLOR_0 ubyte4 normalized = 20 bytes.
quad_pos = [(0, 0, 0), (1, 0, 0), (1, 1, 0), (0, 1, 0)]
quad_uv = [(0, 65535), (65535, 65535), (65535, 0), (0, 0)]
quad_col = [(255, 0, 0, 255), (0, 255, 0, 255), (0, 0, 255, 128), (255, 255, 255, 0)]
inter = b''.join(struct.pack('<3f2H4B', *p, *u, *c) for p, u, c in zip(quad_pos, quad_uv, quad_col))
v_inter = view(inter, stride=20, target=34962)
v_quad_idx = view(bytes([0, 1, 2, 0, 2, 3]), target=34963)

# Strip, quantized: POSITION short3 (padded to 8), NORMAL byte3 normalized (padded to 4), TEXCOORD_0 ubyte2
# normalized (padded to 4), _TEMPERATURE float.
strip_pos = [(0, 0, 0), (100, 0, 0), (0, 100, 0), (100, 100, -50)]
strip_nrm = [(0, 0, 127), (0, 0, 127), (0, -128, 0), (127, 0, 0)]
strip_uv = [(0, 0), (255, 0), (0, 255), (255, 255)]
temps = [-1.5, 0.0, 20.25, 100.0]
v_spos = view(b''.join(struct.pack('<3hxx', *p) for p in strip_pos), stride=8, target=34962)
v_snrm = view(b''.join(struct.pack('<3bx', *n) for n in strip_nrm), stride=4, target=34962)
v_suv = view(b''.join(struct.pack('<2Bxx', *u) for u in strip_uv), stride=4, target=34962)
v_temp = view(struct.pack('<4f', *temps), target=34962)
v_sp_idx = view(struct.pack('<2H', 1, 3))
v_sp_val = view(struct.pack('<4f', 0.25, 0.5, 0.75, 1.0))
v_mt_idx = view(struct.pack('<B', 3))
v_mt_val = view(struct.pack('<3f', 0.0, 0.0, 10.0))

# Instancing: 3 instances.
inst_t = [(0, 0, 0), (2, 0, 0), (0, 0, -2)]
inst_r = [(0, 0, 0, 32767), (0, 23170, 0, 23170), (0, 0, 32767, 0)]
inst_s = [(1, 1, 1), (0.5, 0.5, 0.5), (2, 1, 1)]
v_it = view(b''.join(struct.pack('<3f', *t) for t in inst_t))
v_ir = view(b''.join(struct.pack('<4h', *r) for r in inst_r))
v_is = view(b''.join(struct.pack('<3f', *s) for s in inst_s))

image_a = png(2, 2, [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 128])
image_b = png(1, 1, [10, 20, 30, 40])
v_img = view(image_a)
v_webp = view(b'RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00\x2f\x00\x00\x00\x10\x07\x10\x11\x11\x88\x88\xfe\x07\x00')
v_ktx2 = view(b'\xabKTX 20\xbb\r\n\x1a\n' + bytes(68))

accessors = [
    {'bufferView': v_inter, 'byteOffset': 0, 'componentType': 5126, 'count': 4, 'type': 'VEC3',
     'min': [0, 0, 0], 'max': [1, 1, 0]},
    {'bufferView': v_inter, 'byteOffset': 12, 'componentType': 5123, 'normalized': True, 'count': 4, 'type': 'VEC2'},
    {'bufferView': v_inter, 'byteOffset': 16, 'componentType': 5121, 'normalized': True, 'count': 4, 'type': 'VEC4'},
    {'bufferView': v_quad_idx, 'componentType': 5121, 'count': 6, 'type': 'SCALAR', 'min': [0], 'max': [3]},
    {'bufferView': v_spos, 'componentType': 5122, 'count': 4, 'type': 'VEC3', 'min': [0, 0, -50],
     'max': [100, 100, 0]},
    {'bufferView': v_snrm, 'componentType': 5120, 'normalized': True, 'count': 4, 'type': 'VEC3'},
    {'bufferView': v_suv, 'componentType': 5121, 'normalized': True, 'count': 4, 'type': 'VEC2'},
    {'bufferView': v_temp, 'componentType': 5126, 'count': 4, 'type': 'SCALAR'},
    {'componentType': 5126, 'count': 4, 'type': 'VEC2',
     'sparse': {'count': 2, 'indices': {'bufferView': v_sp_idx, 'componentType': 5123},
                'values': {'bufferView': v_sp_val}}},
    {'componentType': 5126, 'count': 4, 'type': 'VEC3', 'min': [0, 0, 0], 'max': [0, 0, 10],
     'sparse': {'count': 1, 'indices': {'bufferView': v_mt_idx, 'componentType': 5121},
                'values': {'bufferView': v_mt_val}}},
    {'bufferView': v_it, 'componentType': 5126, 'count': 3, 'type': 'VEC3'},
    {'bufferView': v_ir, 'componentType': 5122, 'normalized': True, 'count': 3, 'type': 'VEC4'},
    {'bufferView': v_is, 'componentType': 5126, 'count': 3, 'type': 'VEC3'},
]

doc = {
    'asset': {'version': '2.0', 'generator': 'arbor-gltf test resources (make_renderer_features.py)'},
    'extensionsUsed': ['KHR_mesh_quantization', 'EXT_mesh_gpu_instancing', 'KHR_lights_punctual',
                       'KHR_texture_transform', 'KHR_materials_emissive_strength', 'KHR_materials_unlit',
                       'KHR_materials_ior', 'EXT_texture_webp', 'KHR_texture_basisu'],
    'extensionsRequired': ['KHR_mesh_quantization'],
    'scene': 0,
    'scenes': [{'nodes': [0, 1, 2, 3, 4, 5, 6]}],
    'nodes': [
        {'name': 'quad', 'mesh': 0},
        {'name': 'strip', 'mesh': 1, 'translation': [0, 0, -1], 'scale': [0.01, 0.01, 0.01]},
        {'name': 'instanced', 'mesh': 0,
         'extensions': {'EXT_mesh_gpu_instancing': {'attributes': {'TRANSLATION': 10, 'ROTATION': 11, 'SCALE': 12}}}},
        {'name': 'sun', 'rotation': [-0.7071068, 0, 0, 0.7071068],
         'extensions': {'KHR_lights_punctual': {'light': 0}}},
        {'name': 'bulb', 'translation': [0, 2, 0], 'extensions': {'KHR_lights_punctual': {'light': 1}}},
        {'name': 'spot', 'translation': [0, 3, 0], 'extensions': {'KHR_lights_punctual': {'light': 2}}},
        {'name': 'eye', 'translation': [0, 0, 5], 'camera': 0},
    ],
    'meshes': [
        {'name': 'quad', 'primitives': [{'attributes': {'POSITION': 0, 'TEXCOORD_0': 1, 'COLOR_0': 2},
                                          'indices': 3, 'material': 0}]},
        {'name': 'strip', 'primitives': [{'attributes': {'POSITION': 4, 'NORMAL': 5, 'TEXCOORD_0': 6,
                                                         'TEXCOORD_1': 8, '_TEMPERATURE': 7},
                                          'targets': [{'POSITION': 9}], 'mode': 5, 'material': 1}],
         'weights': [0.5], 'extras': {'targetNames': ['lift']}},
    ],
    'materials': [
        {'name': 'glow', 'pbrMetallicRoughness': {
            'baseColorFactor': [0.5, 0.25, 1.0, 1.0], 'metallicFactor': 0.2, 'roughnessFactor': 0.7,
            'baseColorTexture': {'index': 0, 'texCoord': 0, 'extensions': {'KHR_texture_transform': {
                'offset': [0.25, 0.5], 'rotation': 0.5, 'scale': [2, 3], 'texCoord': 1}}},
            'metallicRoughnessTexture': {'index': 1}},
         'normalTexture': {'index': 1, 'scale': 0.8},
         'occlusionTexture': {'index': 1, 'strength': 0.5},
         'emissiveTexture': {'index': 0, 'texCoord': 1},
         'emissiveFactor': [1.0, 0.5, 0.25],
         'alphaMode': 'MASK', 'alphaCutoff': 0.3, 'doubleSided': True,
         'extensions': {'KHR_materials_emissive_strength': {'emissiveStrength': 4.0},
                        'KHR_materials_ior': {'ior': 1.4}}},
        {'name': 'flat', 'pbrMetallicRoughness': {'baseColorFactor': [0.1, 0.2, 0.3, 0.4]},
         'alphaMode': 'BLEND', 'extensions': {'KHR_materials_unlit': {}}},
    ],
    'textures': [
        {'name': 'checker', 'sampler': 0, 'source': 0},
        {'sampler': 1, 'source': 1},
        {'source': 0, 'extensions': {'EXT_texture_webp': {'source': 2}}},
        {'source': 1, 'extensions': {'KHR_texture_basisu': {'source': 3}}},
    ],
    'samplers': [
        {'magFilter': 9728, 'minFilter': 9986, 'wrapS': 33071, 'wrapT': 33648},
        {},
    ],
    'images': [
        {'name': 'checker', 'bufferView': v_img, 'mimeType': 'image/png'},
        {'uri': 'data:image/png;base64,' + base64.b64encode(image_b).decode()},
        {'bufferView': v_webp, 'mimeType': 'image/webp'},
        {'bufferView': v_ktx2, 'mimeType': 'image/ktx2'},
    ],
    'cameras': [{'name': 'eye', 'type': 'perspective', 'perspective': {'yfov': 0.8, 'znear': 0.1}}],
    'extensions': {'KHR_lights_punctual': {'lights': [
        {'name': 'sun', 'type': 'directional', 'color': [1.0, 0.9, 0.8], 'intensity': 3.0},
        {'name': 'bulb', 'type': 'point', 'intensity': 20.0, 'range': 10.0},
        {'name': 'spot', 'type': 'spot', 'color': [0.0, 0.0, 1.0],
         'spot': {'innerConeAngle': 0.2, 'outerConeAngle': 0.6}},
    ]}},
    'accessors': accessors,
    'bufferViews': views,
    'buffers': [{'byteLength': len(buf),
                 'uri': 'data:application/octet-stream;base64,' + base64.b64encode(bytes(buf)).decode()}],
}

with open('RendererFeatures.gltf', 'w') as f:
    json.dump(doc, f, indent=1)
    f.write('\n')
