// The buyers the tests place orders and fill checkouts with: the API tests, both browser suites and the
// storefront's unit tests read them from here. Both live within 100 miles of the yard (San Antonio), so
// their delivery is the nearest band.

/** Maria's delivery details, as POST /api/orders takes them (she pays in USDT unless a test says otherwise). */
export const MARIA_DELIVERY = {
  phone: "(210) 555-0101",
  address: "120 Main St",
  city: "San Antonio",
  state: "TX",
  zipCode: "78205",
  deliveryNotes: "Gate code 1234",
  paymentMethod: "usdt",
} as const;

export const MARIA = { firstName: "Maria", lastName: "Gonzalez", email: "maria@example.com", ...MARIA_DELIVERY };

/** A buyer as the checkout form asks for one; the delivery state is Texas. */
export interface CheckoutBuyer {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  zipCode: string;
}

/** Ana, who types her San Antonio address into the checkout. */
export const SAN_ANTONIO_BUYER: CheckoutBuyer = {
  firstName: "Ana",
  lastName: "Lopez",
  email: "ana@example.com",
  phone: "210-555-0100",
  address: "1 Main St",
  city: "San Antonio",
  zipCode: "78205",
};
