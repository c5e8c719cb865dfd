import { Box, Button, CloseButton, HStack, Stack, Text } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { CircleAlert, CircleCheck, Info, OctagonAlert, TriangleAlert } from 'lucide-react';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import type { ErrorDetail } from '../lib/toasts/error-detail';
import { toasts as defaultStore, type Toast, type ToastStore, type ToastType } from '../lib/toasts/toast-store';
import { ToastErrorDetail } from './toast-error-detail';

// Toasts are shown before sign-in too; the navigation's icon set is loaded with the first toast that names one
// (the signed-in shell has it already), so the sign-in page does not carry it.
const NavIcon = lazy(() => import('../lib/ui/nav-icon').then((module) => ({ default: module.NavIcon })));

const LOOK: Record<ToastType, { palette: string; Icon: typeof Info }> = {
  info: { palette: 'blue', Icon: Info },
  success: { palette: 'green', Icon: CircleCheck },
  warning: { palette: 'orange', Icon: TriangleAlert },
  error: { palette: 'red', Icon: CircleAlert },
  'system-error': { palette: 'red', Icon: OctagonAlert },
};

/** Who may see the internals of a failed call's stored fault, and how they are fetched (tests pass their own). */
interface ErrorDetailOptions {
  canSeeErrorDetails?: boolean;
  loadErrorDetail?: (id: string) => Promise<ErrorDetail>;
}

function ToastCard({ toast, onClose, canSeeErrorDetails = false, loadErrorDetail }: { toast: Toast; onClose: () => void } & ErrorDetailOptions) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const { palette, Icon } = LOOK[toast.type];
  const urgent = toast.type === 'error' || toast.type === 'system-error' || toast.type === 'warning';
  return (
    <Box role={urgent ? 'alert' : 'status'} data-testid="toast" data-type={toast.type} bg="bg.panel" borderWidth="1px" borderStartWidth="4px" borderStartColor={`${palette}.500`} borderRadius="md" shadow="lg" p="3" w="sm" maxW="calc(100vw - 2rem)">
      <HStack align="start" gap="3">
        <Box color={`${palette}.600`} pt="0.5">
          {toast.icon ? (
            <Suspense fallback={<Icon size={18} aria-hidden />}>
              <NavIcon name={toast.icon} size={18} />
            </Suspense>
          ) : (
            <Icon size={18} aria-hidden />
          )}
        </Box>
        <Stack gap="1" flex="1" minW="0">
          {/* A message takes its own direction: a server message in Latin script reads left to right in Arabic. */}
          <Text fontWeight="semibold" dir="auto">
            {toast.title}
          </Text>
          {toast.content && (
            <Text textStyle="sm" wordBreak="break-word" dir="auto">
              {toast.content}
            </Text>
          )}
          {toast.errorId && <ToastErrorDetail errorId={toast.errorId} canSeeDetails={canSeeErrorDetails} load={loadErrorDetail} />}
          {toast.actions && (
            <HStack gap="2" pt="1">
              {toast.actions.map((action) => (
                <Button
                  key={action.label}
                  size="xs"
                  colorPalette={palette}
                  onClick={() => {
                    onClose();
                    action.onClick?.();
                    if (action.to) void navigate(action.to);
                  }}
                >
                  {action.label}
                </Button>
              ))}
            </HStack>
          )}
        </Stack>
        <CloseButton size="2xs" aria-label={t`Close`} onClick={onClose} />
      </HStack>
    </Box>
  );
}

/** Where toasts appear, bottom end of the screen, newest last. Fault internals only with `canSeeErrorDetails`. */
export function ToastContainer({ store = defaultStore, ...errorDetail }: { store?: ToastStore } & ErrorDetailOptions) {
  const items = useSyncExternalStore(store.subscribe, store.getSnapshot, store.getSnapshot);
  return (
    <Stack position="fixed" bottom="4" insetEnd="4" zIndex="toast" gap="2" aria-live="polite" data-testid="toast-container">
      {items.map((toast) => (
        <ToastCard key={toast.id} toast={toast} onClose={() => store.dismiss(toast.id)} {...errorDetail} />
      ))}
    </Stack>
  );
}
