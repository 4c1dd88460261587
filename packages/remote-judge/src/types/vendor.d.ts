/** The few members of the DOM that domino (turndown's own parser) provides and the page readers use; the
 * workspace compiles without the DOM library. */
declare module '@mixmark-io/domino' {
  export interface DomNode {
    readonly nodeType: number;
    readonly nodeName: string;
    textContent: string | null;
    readonly parentNode: DomNode | null;
    readonly childNodes: ArrayLike<DomNode>;
  }
  export interface DomElement extends DomNode {
    readonly tagName: string;
    className: string;
    innerHTML: string;
    readonly outerHTML: string;
    readonly children: ArrayLike<DomElement>;
    getAttribute(name: string): string | null;
    setAttribute(name: string, value: string): void;
    querySelector(selector: string): DomElement | null;
    querySelectorAll(selector: string): ArrayLike<DomElement>;
    remove(): void;
  }
  export interface DomDocument extends DomElement {
    readonly body: DomElement;
    readonly documentElement: DomElement;
    title: string;
  }
  export function createDocument(html?: string, force?: boolean): DomDocument;
}

declare module '@joplin/turndown-plugin-gfm' {
  import type TurndownService from 'turndown';

  type Plugin = (service: TurndownService) => void;
  export const gfm: Plugin;
  export const tables: Plugin;
  export const strikethrough: Plugin;
  export const taskListItems: Plugin;
  export const highlightedCodeBlock: Plugin;
}
