'use client';

/**
 * The shop's form behaviour in one hook, for the account and checkout forms: react-hook-form with the
 * zod rules checked on submit and re-checked while the visitor corrects (spec §5), and the invalid-submit
 * warning 'Completa bien los campos' shown for 2 seconds (nothing is sent). `field(name)` wires one
 * control: `<TextField label={…} {...field('email')} />`.
 */
import { useCallback } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type SubmitHandler } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type * as z from 'zod';
import { useMessages } from '@/components/toast/MessagesProvider';

const FORM_WARNING_SECONDS = 2;

/** A warning toast for the spec's 2 seconds (the text is the caller's, translated). */
export function useFormWarning() {
  const { notify } = useMessages();
  return useCallback((text: string) => notify('WARNING', text, FORM_WARNING_SECONDS), [notify]);
}

export function useShopForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
  incompleteText: string,
) {
  const warn = useFormWarning();
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    defaultValues,
  });
  const onInvalid = useCallback(() => warn(incompleteText), [warn, incompleteText]);
  /** One control's props for the components/ui/Field controls: its register() props and its error's text. */
  const field = (name: Path<z.input<S>>) => ({
    ...form.register(name),
    error: form.getFieldState(name, form.formState).error?.message,
  });
  /** handleSubmit with the invalid-submit warning: `<form onSubmit={submitWith(onSubmit)}>`. */
  const submitWith = (onValid: SubmitHandler<z.output<S>>) => form.handleSubmit(onValid, onInvalid);
  return { ...form, onInvalid, field, submitWith };
}
