import { Text } from '@chakra-ui/react';
import type { FormName } from '../../../components/form-view.ts';
import { SuccessPanel } from '../../../components/success-panel.tsx';
import { leadForms } from '../forms.ts';

/**
 * Where a lead form posted without its code lands once accepted (the API's 303,
 * docs/product.md#forms-without-javascript): the words the form itself shows on success, its
 * notice's and, for the forms that have one, its closing screen's.
 */
export function FormSent({ kind }: { kind: FormName }) {
  const { success, done } = leadForms[kind];
  if (!done) return <SuccessPanel title={success.title}>{success.description}</SuccessPanel>;
  return (
    <SuccessPanel title={done.title}>
      <Text as="strong" display="block" color="fg">
        {success.title} {success.description}
      </Text>
      {done.text}
    </SuccessPanel>
  );
}

/** The head of a success page: its title, and that it is no page to index. */
export const formSentHead = (kind: FormName) => {
  const { success, done } = leadForms[kind];
  return { title: `${done?.title ?? success.title} | TextFlow`, description: success.description };
};
