// The API reference page: renders /api/openapi.json as a filterable list of operations. Served as a file (never
// inline) so the page works under the server's content security policy.
const el = (tag, attrs = {}, ...children) => {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const c of children) node.append(c);
  return node;
};
const json = (value) => el('pre', {}, JSON.stringify(value, null, 2));

const operationBlock = (method, path, op) => {
  const body = el('div', { class: 'body' });
  if (op.description) body.append(el('p', {}, op.description));
  if (op.parameters?.length) body.append(el('h4', {}, 'Query parameters'), json(op.parameters));
  if (op.requestBody) body.append(el('h4', {}, 'Request body'), json(op.requestBody.content));
  body.append(el('h4', {}, 'Responses'), json(op.responses));
  const details = el(
    'details',
    { 'data-search': `${method} ${path} ${op.tags?.join(' ')} ${op['x-access'] ?? ''}`.toLowerCase() },
    el(
      'summary',
      {},
      el('span', { class: `method m-${method}` }, method.toUpperCase()),
      el('span', { class: 'path' }, path),
      el('span', { class: 'access' }, op['x-access'] ?? op.summary ?? ''),
    ),
    body,
  );
  return details;
};

const render = (doc) => {
  const byTag = new Map();
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(methods)) {
      const tag = op.tags?.[0] ?? 'other';
      if (!byTag.has(tag)) byTag.set(tag, []);
      byTag.get(tag).push(operationBlock(method, path, op));
    }
  }
  const main = document.getElementById('operations');
  for (const [tag, blocks] of [...byTag].sort(([a], [b]) => a.localeCompare(b))) {
    main.append(el('section', { 'data-tag': tag }, el('h2', {}, tag), ...blocks));
  }
  const count = [...byTag.values()].reduce((n, b) => n + b.length, 0);
  document
    .getElementById('intro')
    .replaceChildren(
      `${doc.info.title} ${doc.info.version}: ${count} operations. ${doc.info.description} The document: `,
      el('a', { href: '/api/openapi.json' }, '/api/openapi.json'),
    );
  document.getElementById('filter').addEventListener('input', (event) => {
    const words = event.target.value.toLowerCase().split(/\s+/).filter(Boolean);
    for (const d of main.querySelectorAll('details')) {
      d.hidden = !words.every((w) => d.dataset.search.includes(w));
    }
    for (const s of main.querySelectorAll('section')) {
      s.hidden = ![...s.querySelectorAll('details')].some((d) => !d.hidden);
    }
  });
};

fetch('/api/openapi.json')
  .then((res) => res.json())
  .then(render)
  .catch((err) => {
    document.getElementById('intro').textContent = `The document could not be loaded: ${err}`;
  });
