// The conformance suite (test/conformance) imports the engine choice from this path; this file goes when the suite moves into libs/company-index.
export { createCompanyIndex, type SelectedCompanyIndex } from '../clients/company-index';
