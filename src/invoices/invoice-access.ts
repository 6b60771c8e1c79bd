// Who may do what with invoices: secret keys only, as scope-auth maps on the fields.

/** Reads: a secret key with `invoices.read`. */
export const invoicesRead = { scope: 'invoices.read' } as const;

/** Writes (creation, metadata, the lifecycle moves): a secret key with `invoices.write`. */
export const invoicesWrite = { scope: 'invoices.write' } as const;

/**
 * The parts of an invoice (lines, payments, history): with `invoices.read`, and with
 * `invoices.write` too, so a writer sees the whole invoice its write answers (the billed company
 * and contact are `Company` and `Contact`, whose embedded part the invoice grants). (A write key reaches invoices only through its own writes: every root read needs
 * `invoices.read`.)
 */
export const invoicePartsRead = { scope: 'invoices.read', $any: { scope: 'invoices.write' } } as const;

/** The numbering settings: a secret key with `settings.manage`. */
export const invoiceSettingsManage = { scope: 'settings.manage' } as const;
