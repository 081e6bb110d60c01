/** Spec §5 generic form behaviour: an invalid submit shows 'Completa bien los campos' for 2 seconds. */
export const FORM_WARNING_SECONDS = 2;
