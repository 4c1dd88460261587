/** Source code → a stream of syntax tokens, by each language's real tree-sitter grammar (WebAssembly, loaded once
 * per thread). A token is a leaf of the syntax tree: keywords and punctuation stand for themselves, identifiers and
 * literals become their node type (so renaming a variable or changing a constant does not change the stream),
 * comments are dropped and whitespace never appears. */
import { createRequire } from 'node:module';
import { Language, type Node, Parser } from 'web-tree-sitter';
import type { EngineLanguage } from './languages.js';

const require = createRequire(import.meta.url);

/** The grammar package of each language (each ships `tree-sitter-<name>.wasm` at its root). */
const GRAMMARS: Record<EngineLanguage, string> = {
  c: 'tree-sitter-c',
  cpp: 'tree-sitter-cpp',
  java: 'tree-sitter-java',
  python: 'tree-sitter-python',
  javascript: 'tree-sitter-javascript',
  go: 'tree-sitter-go',
};

let runtime: Promise<void> | undefined;
const loading = new Map<EngineLanguage, Promise<Parser>>();
const parsers = new Map<EngineLanguage, Parser>();

/** Loads the grammar of `language` once in this thread (the runtime first); later calls share the promise. */
export function loadLanguage(language: EngineLanguage): Promise<Parser> {
  let p = loading.get(language);
  if (!p) {
    runtime ??= Parser.init();
    const pkg = GRAMMARS[language];
    p = runtime
      .then(() => Language.load(require.resolve(`${pkg}/${pkg}.wasm`)))
      .then((lang) => {
        const parser = new Parser();
        parser.setLanguage(lang);
        parsers.set(language, parser);
        return parser;
      });
    p.catch(() => loading.delete(language));
    loading.set(language, p);
  }
  return p;
}

/** A token stream: the token kinds as numbers (a hash of the node type) and, per token, where it is in the code
 * (flattened by 4: start line, start column, end line, end column; lines 0-based as tree-sitter gives them, columns
 * 0-based in UTF-16 code units, the end exclusive). */
export interface Tokens {
  kinds: Int32Array;
  positions: Int32Array;
}

/** Nodes taken whole as one token: string and character literals (their contents and escapes are not code). */
const ATOM = /string|char_literal|character_literal|rune_literal/;
/** Nodes left out: comments of every grammar (comment, line_comment, block_comment). */
const SKIP = /comment/;

const kindIds = new Map<string, number>();
/** A stable number for a node type (FNV-1a of its name), the same in every thread and run. */
function kindId(type: string) {
  let id = kindIds.get(type);
  if (id === undefined) {
    let h = 0x811c9dc5;
    for (let i = 0; i < type.length; i++) h = Math.imul(h ^ type.charCodeAt(i), 0x01000193);
    id = h | 0;
    kindIds.set(type, id);
  }
  return id;
}

/** Statements that declare or assign a name: left out when every name in them is used nowhere else (a dead
 * `int unused = 3;`). */
const DECLARATION =
  /^(declaration|local_variable_declaration|lexical_declaration|variable_declaration|short_var_declaration|var_declaration|assignment_statement|expression_statement)$/;
/** Conditionals and loops that never run: `if (false) {...}`, `while (0) ...` without an else. */
const CONDITIONAL = /^(if_statement|while_statement)$/;
const NEVER = /^[(\s]*(false|False|0|None|nil|null)[)\s]*$/;
const CALLS = ['call_expression', 'call', 'method_invocation', 'object_creation_expression', 'new_expression'];

/** Whether a statement does nothing the rest of the code can see: a never-run conditional, or a declaration or
 * assignment (with no call in it) of names used nowhere else. `uses` counts each word of the code. */
function isDead(node: Node, uses: () => Map<string, number>) {
  if (CONDITIONAL.test(node.type)) {
    const condition = node.childForFieldName('condition');
    return !!condition && NEVER.test(condition.text) && !node.childForFieldName('alternative');
  }
  if (node.type === 'expression_statement' && node.firstNamedChild?.type !== 'assignment') return false;
  if (node.descendantsOfType(CALLS).length > 0) return false;
  const names = node.descendantsOfType('identifier');
  if (names.length === 0) return false;
  const counts = uses();
  return names.every((n) => !!n && (n.text === '_' || (counts.get(n.text) ?? 0) <= 1));
}

/** The grammar of `language` must be loaded (`loadLanguage`); throws otherwise. Dead statements (`isDead`) are left
 * out, so that inserting them does not hide a copy. */
export function tokenize(code: string, language: EngineLanguage): Tokens {
  const parser = parsers.get(language);
  if (!parser) throw new Error(`the ${language} grammar is not loaded: await loadLanguage('${language}') first`);
  const tree = parser.parse(code);
  if (!tree) throw new Error(`the ${language} parser gave no tree`);
  let words: Map<string, number> | undefined;
  const uses = () => {
    if (!words) {
      words = new Map();
      for (const w of code.match(/[A-Za-z_$][\w$]*/g) ?? []) words.set(w, (words.get(w) ?? 0) + 1);
    }
    return words;
  };
  const kinds: number[] = [];
  const positions: number[] = [];
  try {
    const cursor = tree.walk();
    let descend = true;
    for (;;) {
      if (descend) {
        const type = cursor.nodeType;
        if (
          !SKIP.test(type) &&
          !((DECLARATION.test(type) || CONDITIONAL.test(type)) && isDead(cursor.currentNode, uses))
        ) {
          if (!(cursor.nodeIsNamed && ATOM.test(type)) && cursor.gotoFirstChild()) continue;
          // A leaf (or a literal taken whole). Zero-width leaves are tokens the parser invented to recover from an
          // error (a missing ';'): not in the code.
          const start = cursor.startPosition;
          const end = cursor.endPosition;
          if (end.row !== start.row || end.column !== start.column) {
            kinds.push(kindId(type));
            positions.push(start.row, start.column, end.row, end.column);
          }
        }
      }
      if (cursor.gotoNextSibling()) {
        descend = true;
        continue;
      }
      if (!cursor.gotoParent()) break;
      descend = false;
    }
    cursor.delete();
  } finally {
    tree.delete();
  }
  return { kinds: Int32Array.from(kinds), positions: Int32Array.from(positions) };
}
