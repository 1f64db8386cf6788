export { FORMULA_SAFE_CELLS } from './formula-safe-cells';
