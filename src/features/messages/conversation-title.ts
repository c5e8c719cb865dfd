import type { Conversation } from '../../../schemas/message-wire';

/** The others of a conversation by name, in the order the server gives (the caller left out). */
export function conversationTitle(conversation: Conversation, myUserName: string | undefined): string {
  const others = conversation.members.filter((member) => member.userName !== myUserName);
  return (others.length > 0 ? others : conversation.members).map((member) => member.displayName).join(', ');
}
