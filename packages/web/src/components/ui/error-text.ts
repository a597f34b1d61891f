import classes from './error-text.module.css';

/** The class of error text (a problem under a form, a failed check): readable in light and dark. */
export const errorTextClass = classes.error;
