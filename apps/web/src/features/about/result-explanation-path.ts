/** The result explanation page (spec 2 "Result explanation page"), under the status list it explains. */
export const RESULT_EXPLANATION_PATH = '/status/explanation';
