import { describeInputFuzz } from '../../test/input-fuzz.js';

describeInputFuzz('pglite');
