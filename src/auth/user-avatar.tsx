import { Avatar } from '@chakra-ui/react';
import { useAvatarUrl } from './use-avatar-url';

/** The user's avatar at an exact pixel size (22 and 80 in the user menu, 48 in the re-login dialog). */
export function UserAvatar({ email, name, size }: { email?: string; name: string; size: number }) {
  const src = useAvatarUrl(email, size);
  return (
    <Avatar.Root width={`${size}px`} height={`${size}px`} fontSize={`${Math.max(10, Math.round(size * 0.4))}px`} data-testid="user-avatar" data-size={size} flexShrink={0}>
      <Avatar.Fallback name={name} />
      {src && <Avatar.Image src={src} alt="" />}
    </Avatar.Root>
  );
}
