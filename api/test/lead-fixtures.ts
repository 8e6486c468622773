// The people the tests send in as leads: a contact enquiry about a home, and a proposal's customer.
import type { TestApps } from "./harness";

/** Dana Reyes near Austin, as a proposal names its customer (spread into a proposal's body). */
export const AUSTIN_PROPOSAL_CUSTOMER = {
  customerName: "Dana Reyes",
  email: "dana@example.com",
  phone: "(512) 555-0199",
  address: "9 Ranch Rd",
  city: "Austin",
  state: "TX",
  zipCode: "78701",
};

/** Ann Lee's enquiry through the contact form about a 40ft home near Austin, from `email`. */
export function sendContactEnquiry(apps: TestApps, email: string) {
  return apps.storefront.inject({
    method: "POST",
    url: "/api/contact",
    payload: {
      firstName: "Ann",
      lastName: "Lee",
      email,
      phone: "",
      projectType: "40ft-home",
      budget: "100k-250k",
      message: "A 40ft home near Austin",
    },
  });
}
