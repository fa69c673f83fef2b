/** What other features may use of busqueda: nothing yet (it reads the others through their index.ts). */
export {};
