import { PASSWORD_COST, setPasswordCost } from '../src/lib/password.js';

// Every test file's set-up: password hashes at the lowest cost. The suite creates and signs in thousands of
// accounts and tests everything about them but the hash's strength (lib/password.test.ts checks hashing at the
// default cost); at the default a hash and a login cost ~100 ms each on a 2-core machine, over half of some files.
setPasswordCost(PASSWORD_COST.min);
