// The mj feature's catalogue, English; the same keys as zh.ts.
const en = {
  mj: {
    generateTitle: 'Generate prompt',
    generateHint:
      "Words are drawn from the app's enabled phrase and written into a Midjourney prompt by its AI configuration.",
    generate: 'Generate',
    generated: 'Prompt generated',
    app: 'App',
    appPlaceholder: 'Select an app',
    appRequired: 'Please select the app',
    cancel: 'Cancel',
    close: 'Close',
    draw: 'Draw',
    drawTitle: 'Draw',
    drawHint:
      "The prompt goes to the drawing service and the customer's power is charged (parameter mj.drawPower, 2 by default); a failed drawing is refunded.",
    customer: 'Paid by',
    customerHint: 'Leave empty to pay with your own account.',
    customerPlaceholder: 'My account',
    submitted: 'Drawing submitted',
    viewDrawing: 'View drawing',
    drawingTitle: 'Drawing',
    progress: 'Drawing progress',
    sync: 'Refresh state',
    failed: 'The drawing failed',
    imageAlt: 'The drawing',
    openFull: 'Open full size',
    changeHint:
      'U upscales the chosen image, V makes four variations of it, Reroll draws the grid again; each is charged as a drawing.',
    status: {
      NONE: 'Not drawn',
      NOT_START: 'Not started',
      SUBMITTED: 'Submitted',
      IN_PROGRESS: 'In progress',
      SUCCESS: 'Success',
      FAILURE: 'Failure',
    },
    mail: {
      test: 'Send test mail',
      retry: 'Send again',
      sent: 'Mail sent to {{to}}',
      failed: 'The mail could not be sent: {{reason}}',
    },
    action: {
      IMAGINE: 'Imagine',
      UPSCALE: 'Upscale',
      VARIATION: 'Variation',
      REROLL: 'Reroll',
    },
  },
};
export default en;
