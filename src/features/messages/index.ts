// Messages between the users of an organisation (docs/messages.md): the page (component 'messages') and the title bar's button.
export { MessagesPage } from './messages-page';
export { MessagesButton } from './messages-button';
