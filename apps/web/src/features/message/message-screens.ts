/** The message centre's screens in one chunk (decision 0004): the tab shell and the list every tab shares. */
export { default as MessageList } from './message-list-page';
export { default as Message } from './message-page';
