// Writes lookat-cases.csv: three.js's Object3D.lookAt on a child of a rotated, uniformly scaled parent, for cameras
// (which look down -Z) and for other objects (which turn +Z to the target). Run with three 0.187.0 installed:
//   node lookat-cases.mjs > lookat-cases.csv
import * as THREE from 'three';

let state = 12345;
function next() { // a fixed linear congruential sequence, so the table is the same on every run
  state = (state * 1103515245 + 12345) % 2147483648;
  return state / 2147483648;
}
function range(lo, hi) { return lo + (hi - lo) * next(); }

const rows = ['camera,px,py,pz,pqx,pqy,pqz,pqw,ps,cx,cy,cz,tx,ty,tz,ux,uy,uz,qx,qy,qz,qw'];
for (let i = 0; i < 64; i++) {
  const camera = i % 2 === 0;
  const parent = new THREE.Object3D();
  parent.position.set(range(-5, 5), range(-5, 5), range(-5, 5));
  parent.quaternion.set(range(-1, 1), range(-1, 1), range(-1, 1), range(-1, 1)).normalize();
  const s = range(0.5, 2);
  parent.scale.set(s, s, s);
  const child = camera ? new THREE.PerspectiveCamera() : new THREE.Object3D();
  child.position.set(range(-3, 3), range(-3, 3), range(-3, 3));
  parent.add(child);
  const target = new THREE.Vector3(range(-10, 10), range(-10, 10), range(-10, 10));
  const up = i % 8 < 4 ? new THREE.Vector3(0, 1, 0) : new THREE.Vector3(range(-1, 1), range(-1, 1), range(-1, 1));
  child.up.copy(up);
  parent.updateMatrixWorld(true);
  child.lookAt(target);
  const q = child.quaternion;
  rows.push([camera ? 1 : 0, parent.position.x, parent.position.y, parent.position.z,
    parent.quaternion.x, parent.quaternion.y, parent.quaternion.z, parent.quaternion.w, s,
    child.position.x, child.position.y, child.position.z, target.x, target.y, target.z, up.x, up.y, up.z,
    q.x, q.y, q.z, q.w].join(','));
}
console.log(rows.join('\n'));
