export * from './common';
export * from './cliente';
export * from './registro';
export * from './me';
export * from './lending';
