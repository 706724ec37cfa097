/**
 * Every user-facing string of the SPEC, word for word (typos included).
 * Both the server (error messages) and the browser (toasts, labels) import from here.
 */
export const messages = {
  validation: {
    quantityRequired: 'Quantity is required',
    quantityTooLow: (min: number) => `Quantity Must be ${min} or higher`,
    // SPEC's text ends with a space; kept as-is.
    quantityTooHigh: (stock: number) => `Quantity Must be lower than ${stock} `,
    phoneRequired: 'Phone Number is required',
    addressRequired: 'Address is required',
    emailRequired: 'Email is required',
    emailInvalid: 'Provide an Email',
    passwordRequired: 'Password is required',
    passwordTooShort: 'Must be 6 characters or longer',
    nameRequired: 'Name is required',
  },
  toast: {
    loggedIn: 'User logged in successfully',
    registered: 'User is registered successfully',
    loggedOut: 'User is logged out!!!',
    orderPlaced: 'Your order is placed successfully',
    madeAdmin: (email: string) => `${email} is made Admin successfully`,
    profileUpdated: 'User profile update successfully!',
    productRemoved: (product: string, stock: number) =>
      `The Product ${product} with ${stock} units of stock is removed successfully!!!`,
    paymentSuccessful: 'Payment Successful!!!',
    orderShipped: (quantity: number, product: string, name: string, address: string) =>
      `Order of ${quantity} units of ${product} is shipped to ${name}, ${address} successfully`,
    orderCancelledByCustomer: (quantity: number, product: string) =>
      `Your Order of ${quantity} units of ${product} is cancelled successfully!!!`,
    orderCancelledByAdmin: (quantity: number, product: string) =>
      `The Order of ${quantity} units of ${product} is cancelled successfully!!!`,
  },
  confirm: {
    removeProduct: (product: string, stock: number) =>
      `Are you sure you want to remove ${product}? It has ${stock} units in stock`,
    removeOrder: (quantity: number, product: string) =>
      `Are you sure you want to remove the order of ${quantity} units of ${product}?`,
    shipOrder: (quantity: number, product: string, name: string) =>
      `Are you sure you want to shipped the order of ${quantity} units of ${product} to ${name}?`,
  },
  adminCantBeRemoved: "Admin can't be removed",
  noUserLoggedIn: 'No user is logged in',
} as const;

/** Server error messages that the SPEC does not word; kept here so the browser can match on them. */
export const errorMessages = {
  invalidCredentials: 'Wrong e-mail or password',
  emailTaken: 'An account with this e-mail already exists',
  unauthenticated: 'Please log in to continue',
  forbidden: 'You are not allowed to do this',
  notFound: (what: string) => `${what} not found`,
  tooManyAttempts: 'Too many attempts, please try again later',
  productUnavailable: 'This product is no longer available',
  cannotRemoveAdmin: "Admin can't be removed",
  cannotRemoveSelf: 'You cannot remove your own account',
  illegalTransition: (from: string, to: string) => `An order that is '${from}' cannot become '${to}'`,
  paymentNotAvailable: 'Payments are not available yet',
  validationFailed: 'Some fields are not valid',
  bodyTooLarge: 'The request is too large',
  internal: 'Something went wrong on our side, please try again',
} as const;
