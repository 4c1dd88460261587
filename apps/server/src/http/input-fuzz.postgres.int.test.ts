import { DB_KINDS } from '../../test/harness.js';
import { describeInputFuzz } from '../../test/input-fuzz.js';

describeInputFuzz('postgres', DB_KINDS.includes('postgres'));
