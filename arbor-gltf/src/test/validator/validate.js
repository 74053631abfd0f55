// Validates glTF files with the Khronos glTF-Validator and prints one JSON array on stdout:
// [{"file": ..., "errors": n, "warnings": n, "infos": n, "hints": n, "issues": [{"code", "severity", "pointer", "message"}]}]
// Usage: node validate.js FILE...   (severity: 0 error, 1 warning, 2 info, 3 hint)
'use strict';
const fs = require('fs');
const path = require('path');
const validator = require('gltf-validator');

async function validate(file) {
    const bytes = new Uint8Array(fs.readFileSync(file));
    const dir = path.dirname(file);
    const report = await validator.validateBytes(bytes, {
        uri: path.basename(file),
        maxIssues: 0,
        externalResourceFunction: (uri) => new Promise((resolve, reject) => {
            fs.readFile(path.join(dir, decodeURIComponent(uri)), (err, data) => err ? reject(err.toString())
                : resolve(new Uint8Array(data)));
        }),
    });
    const issues = report.issues;
    return {
        file,
        errors: issues.numErrors,
        warnings: issues.numWarnings,
        infos: issues.numInfos,
        hints: issues.numHints,
        issues: issues.messages.map((m) => ({code: m.code, severity: m.severity, pointer: m.pointer || '',
            message: m.message})),
    };
}

(async () => {
    const out = [];
    for (const file of process.argv.slice(2)) {
        try {
            out.push(await validate(file));
        } catch (e) {
            out.push({file, errors: 1, warnings: 0, infos: 0, hints: 0,
                issues: [{code: 'VALIDATOR_FAILED', severity: 0, pointer: '', message: String(e)}]});
        }
    }
    process.stdout.write(JSON.stringify(out) + '\n');
})();
