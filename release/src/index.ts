export * from './store';
export * from './contract';
export { defaultStoreDir } from 'webpack-config/contract';
