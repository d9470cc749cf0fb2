import fs from 'node:fs';
import { sampleFace } from '../src/modules/system/face/face-samples.js';
fs.writeFileSync('/tmp/door/t07.jpg', sampleFace(0, 7));
fs.writeFileSync('/tmp/door/t21.jpg', sampleFace(2, 1));
fs.writeFileSync('/tmp/door/t08.jpg', sampleFace(0, 8));
