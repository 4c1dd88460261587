// Another judge on this host building a precompiled header, for tests: a separate process (so its own judge
// instance and its own flock descriptor) that builds the C++ header for a given toolchain identity and prints
// the result as one line of JSON.
//   node --import tsx apps/judge/src/test/build-pch.ts <language> <identity>
import { resolveLanguage } from '../languages/toolchains.js';
import { buildPrecompiledHeader } from '../pipeline/precompiled-headers.js';

const resolution = resolveLanguage(process.argv[2] ?? 'C++');
if (!resolution.ok) throw new Error(`language missing: ${resolution.missing.join(', ')}`);
const result = await buildPrecompiledHeader(resolution.language, process.argv[3]);
process.stdout.write(`${JSON.stringify(result)}\n`);
