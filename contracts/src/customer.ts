// A customer's name and contact as they carry from one record to another (a proposal to its order, a
// proposal to the form that edits it): the same split and the same blanks wherever it happens.

/**
 * A full name as first and last name: the first word, and the rest joined by single spaces ("" when there
 * is one word); a name with no word at all stays whole as the first name.
 */
export function splitFullName(fullName: string): { firstName: string; lastName: string } {
  const [firstName, ...rest] = fullName.split(/\s+/);
  return { firstName: firstName ?? fullName, lastName: rest.join(" ") };
}

/** The contact fields a proposal keeps about its customer. */
export interface CustomerContact {
  email: string;
  phone: string | null;
  address: string;
  city: string;
  state: string;
  zipCode: string;
}

/** A customer's contact in a form's shape: the same fields, no phone as "". */
export function contactFields(c: CustomerContact) {
  return { email: c.email, phone: c.phone ?? "", address: c.address, city: c.city, state: c.state, zipCode: c.zipCode };
}
