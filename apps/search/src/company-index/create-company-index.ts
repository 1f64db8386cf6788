// The conformance suite under test/conformance imports the engine choice from here; the suite moves into libs/company-index, and this file goes with it.
export { createCompanyIndex, type SelectedCompanyIndex } from '../clients/company-index';
