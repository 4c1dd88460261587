/** The result explanation page, under the status list it explains. */
export const RESULT_EXPLANATION_PATH = '/status/explanation';
