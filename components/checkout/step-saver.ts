/**
 * "Continuar" on the address and billing steps saves what the customer typed (spec §5: an address must
 * be saved, not just typed — so the wizard saves it for them, with the form's own validation).
 */
import type { FieldValues, UseFormHandleSubmit } from 'react-hook-form';

export interface StepSaver {
  /** the step's form is open with something to save (or nothing chosen yet) */
  pending(): boolean;
  /** validates and saves; true once saved and chosen, false when invalid or refused (the form says why) */
  save(): Promise<boolean>;
}

/** Runs react-hook-form's submit and reports whether the save went through. */
export function submitAndReport<T extends FieldValues, O extends FieldValues = T>(
  handleSubmit: UseFormHandleSubmit<T, O>,
  save: (values: O) => Promise<boolean>,
  onInvalid: () => void,
): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    void handleSubmit(
      async (values) => resolve(await save(values)),
      () => {
        onInvalid();
        resolve(false);
      },
    )();
  });
}
