import { Toaster as ChakraToaster, createToaster, Portal, Stack, Toast } from '@chakra-ui/react';

/**
 * Notices as the spec's section 4 says: one at a time, shown for 5000 ms, removed 1,000,000 ms
 * after dismissal, F8 focuses the region.
 */
export const toaster = createToaster({
  placement: 'bottom-end',
  max: 1,
  duration: 5000,
  removeDelay: 1_000_000,
  hotkey: ['F8'],
  pauseOnPageIdle: true,
});

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(toast) => (
          <Toast.Root width={{ md: 'sm' }}>
            <Toast.Indicator />
            <Stack gap="1" flex="1" maxWidth="100%">
              {toast.title && <Toast.Title>{toast.title}</Toast.Title>}
              {toast.description && <Toast.Description>{toast.description}</Toast.Description>}
            </Stack>
            <Toast.CloseTrigger />
          </Toast.Root>
        )}
      </ChakraToaster>
    </Portal>
  );
}
