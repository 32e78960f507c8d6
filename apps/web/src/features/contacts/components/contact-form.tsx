import { personaCreateSchema } from '@stabile/contract';
import { useTranslation } from 'react-i18next';
import { RegistryForm, type RegistryKindFormProps } from '../../../shared/ui/registry/registry-form.tsx';

export type ContactFormProps = RegistryKindFormProps;

/** A contact's form: the common fields, validated with the contact schema (fiscal code of a person). */
export function ContactForm(props: ContactFormProps) {
  const { t } = useTranslation('contacts');
  return <RegistryForm {...props} schema={personaCreateSchema} label={t('formContact')} />;
}
