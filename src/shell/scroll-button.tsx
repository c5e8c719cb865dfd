import { IconButton } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { ArrowDownToLine, ArrowUpToLine } from 'lucide-react';
import { useEffect, useState } from 'react';

function nearTop(): boolean {
  return window.scrollY < 64;
}

/** Scrolls to the bottom from the top of the page, else back to the top. */
export function ScrollButton() {
  const { t } = useLingui();
  const [atTop, setAtTop] = useState(nearTop);
  useEffect(() => {
    const onScroll = () => setAtTop(nearTop());
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);
  const label = atTop ? t`Scroll to bottom` : t`Scroll to top`;
  return (
    <IconButton
      aria-label={label}
      title={label}
      size="xs"
      variant="ghost"
      onClick={() => window.scrollTo({ top: atTop ? document.documentElement.scrollHeight : 0, behavior: 'smooth' })}
    >
      {atTop ? <ArrowDownToLine /> : <ArrowUpToLine />}
    </IconButton>
  );
}
