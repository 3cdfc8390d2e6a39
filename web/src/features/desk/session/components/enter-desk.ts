import { notify } from '../../../../components/notices.tsx';

/**
 * After a sign-in: opens the desk, then welcomes the person once its page has loaded, so the notice
 * is shown for its whole time over the page it welcomes to rather than partly over the sign-in
 * form while the desk's data loads (docs/product.md#notices).
 */
export async function enterDesk(open: () => Promise<unknown>): Promise<void> {
  try {
    await open();
  } finally {
    notify({
      type: 'success',
      title: 'Login successful',
      description: 'Welcome to the admin dashboard.',
    });
  }
}
