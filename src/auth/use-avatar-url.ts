import { useEffect, useState } from 'react';
import { avatarHash, avatarUrl } from './avatar-url';
import { useAuthSettings } from './use-auth-settings';

/** The avatar image URL of an e-mail address at a size; undefined while hashing or without an address. */
export function useAvatarUrl(email: string | undefined, size: number): string | undefined {
  const { settings } = useAuthSettings();
  const [hashed, setHashed] = useState<{ email: string; hash: string }>();
  useEffect(() => {
    if (!email) return;
    let current = true;
    avatarHash(email).then(
      (hash) => current && setHashed({ email, hash }),
      () => undefined, // no crypto.subtle (insecure origin): the initials stay
    );
    return () => {
      current = false;
    };
  }, [email]);
  return email && hashed?.email === email ? avatarUrl(hashed.hash, size, settings.avatarBaseUrl) : undefined;
}
