/** The company's name and contact lines (see company.js). */
export declare const company: {
  readonly brand: string;
  readonly name: string;
  readonly address: string;
  readonly email: string;
  readonly phone: string;
};
