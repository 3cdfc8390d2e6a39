// Generated from openapi.yaml by scripts/generate-values.mjs (npm run generate). Do not edit.
export declare const schemas: {
  readonly Problem: {
    readonly type: "object",
    readonly required: readonly [
      "type",
      "title",
      "status"
    ],
    readonly properties: {
      readonly type: {
        readonly type: "string"
      },
      readonly title: {
        readonly type: "string"
      },
      readonly status: {
        readonly type: "integer",
        readonly minimum: 400,
        readonly maximum: 599
      },
      readonly detail: {
        readonly type: "string"
      },
      readonly instance: {
        readonly type: "string"
      },
      readonly requestId: {
        readonly type: "string"
      },
      readonly requiredRole: {},
      readonly currentAssignee: {},
      readonly currentStatus: {
        readonly type: "string"
      },
      readonly invitationState: {
        readonly type: "string",
        readonly enum: readonly [
          "accepted",
          "revoked",
          "expired"
        ]
      },
      readonly errors: {
        readonly type: "array"
      }
    }
  },
  readonly Health: {
    readonly type: "object",
    readonly required: readonly [
      "status",
      "database"
    ],
    readonly properties: {
      readonly status: {
        readonly type: "string",
        readonly const: "ok"
      },
      readonly database: {
        readonly type: "string",
        readonly const: "ok"
      }
    }
  },
  readonly Id: {
    readonly type: "integer",
    readonly minimum: 1,
    readonly maximum: 9007199254740991
  },
  readonly Timestamp: {
    readonly type: "string"
  },
  readonly Total: {
    readonly type: "integer",
    readonly minimum: 0
  },
  readonly TotalCapped: {
    readonly type: "boolean"
  },
  readonly NextCursor: {
    readonly type: readonly [
      "string",
      "null"
    ]
  },
  readonly Created: {
    readonly type: "object",
    readonly required: readonly [
      "id",
      "createdAt"
    ],
    readonly properties: {
      readonly id: {
        readonly $ref: "Id"
      },
      readonly createdAt: {
        readonly $ref: "Timestamp"
      }
    }
  },
  readonly Accepted: {
    readonly type: "object",
    readonly required: readonly [
      "accepted"
    ],
    readonly properties: {
      readonly accepted: {
        readonly type: "boolean",
        readonly const: true
      }
    }
  },
  readonly Name: {
    readonly type: "string",
    readonly minLength: 2,
    readonly maxLength: 100,
    readonly "x-messages": {
      readonly "x-visible": "Name must be at least 2 characters",
      readonly minLength: "Name must be at least 2 characters",
      readonly maxLength: "Name must be at most 100 characters",
      readonly type: "Name must be at least 2 characters",
      readonly required: "Name must be at least 2 characters"
    }
  },
  readonly Email: {
    readonly type: "string",
    readonly maxLength: 254,
    readonly pattern: "^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\\.[A-Za-z]{2,63}$",
    readonly "x-messages": {
      readonly pattern: "Please enter a valid email address",
      readonly maxLength: "Please enter a valid email address",
      readonly type: "Please enter a valid email address",
      readonly required: "Please enter a valid email address"
    }
  },
  readonly Phone: {
    readonly type: "string",
    readonly maxLength: 40,
    readonly "x-messages": {
      readonly maxLength: "Phone must be at most 40 characters",
      readonly type: "Phone must be text"
    }
  },
  readonly Company: {
    readonly type: "string",
    readonly maxLength: 200,
    readonly "x-messages": {
      readonly maxLength: "Company must be at most 200 characters",
      readonly type: "Company must be text"
    }
  },
  readonly Message: {
    readonly type: "string",
    readonly maxLength: 5000,
    readonly "x-messages": {
      readonly maxLength: "Message must be at most 5000 characters",
      readonly type: "Message must be text"
    }
  },
  readonly ContactMessage: {
    readonly type: "string",
    readonly minLength: 10,
    readonly maxLength: 5000,
    readonly "x-messages": {
      readonly minLength: "Message must be at least 10 characters",
      readonly maxLength: "Message must be at most 5000 characters",
      readonly type: "Message must be at least 10 characters",
      readonly required: "Message must be at least 10 characters"
    }
  },
  readonly Honeypot: {
    readonly type: "string",
    readonly maxLength: 1000
  },
  readonly LandingPage: {
    readonly type: "string",
    readonly maxLength: 1000,
    readonly pattern: "^(/[^?#]*)?$",
    readonly "x-messages": {
      readonly pattern: "The landing page must be a path on this site",
      readonly maxLength: "The landing page must be at most 1000 characters",
      readonly type: "The landing page must be a path on this site"
    }
  },
  readonly ReferrerOrigin: {
    readonly type: "string",
    readonly maxLength: 300,
    readonly pattern: "^(https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?)?$",
    readonly "x-messages": {
      readonly pattern: "The referrer must be an origin such as https://example.com",
      readonly maxLength: "The referrer must be at most 300 characters",
      readonly type: "The referrer must be an origin such as https://example.com"
    }
  },
  readonly UtmValue: {
    readonly type: "string",
    readonly maxLength: 200,
    readonly "x-messages": {
      readonly maxLength: "A campaign parameter must be at most 200 characters",
      readonly type: "A campaign parameter must be text"
    }
  },
  readonly SpamSolution: {
    readonly type: "string",
    readonly maxLength: 2000,
    readonly "x-messages": {
      readonly maxLength: "The anti-spam check is too long; reload the page and send the form again",
      readonly type: "The anti-spam check must be text"
    }
  },
  readonly SpamCheck: {
    readonly type: "string",
    readonly enum: readonly [
      "",
      "passed",
      "missing",
      "invalid",
      "expired",
      "replayed"
    ],
    readonly "x-enum-labels": {
      readonly passed: "Passed",
      readonly missing: "No solution",
      readonly invalid: "Wrong solution",
      readonly expired: "Expired challenge",
      readonly replayed: "Solution used before"
    }
  },
  readonly Verified: {
    readonly type: "boolean"
  },
  readonly SpamChallenge: {
    readonly type: "object",
    readonly required: readonly [
      "algorithm",
      "challenge",
      "maxnumber",
      "salt",
      "signature"
    ],
    readonly properties: {
      readonly algorithm: {
        readonly type: "string",
        readonly enum: readonly [
          "SHA-256"
        ]
      },
      readonly challenge: {
        readonly type: "string"
      },
      readonly maxnumber: {
        readonly type: "integer",
        readonly minimum: 1
      },
      readonly salt: {
        readonly type: "string"
      },
      readonly signature: {
        readonly type: "string"
      }
    }
  },
  readonly SuspectedSpam: {
    readonly type: "object",
    readonly required: readonly [
      "kind",
      "id",
      "createdAt",
      "reason",
      "name",
      "email",
      "company",
      "message"
    ],
    readonly properties: {
      readonly kind: {
        readonly $ref: "LeadType"
      },
      readonly id: {
        readonly $ref: "Id"
      },
      readonly createdAt: {
        readonly $ref: "Timestamp"
      },
      readonly reason: {
        readonly $ref: "SpamCheck"
      },
      readonly name: {
        readonly type: "string"
      },
      readonly email: {
        readonly type: "string"
      },
      readonly company: {
        readonly type: "string"
      },
      readonly message: {
        readonly type: "string"
      }
    }
  },
  readonly Attribution: {
    readonly type: "object",
    readonly required: readonly [
      "landingPage",
      "referrer",
      "utmSource",
      "utmMedium",
      "utmCampaign",
      "utmTerm",
      "utmContent"
    ],
    readonly properties: {
      readonly landingPage: {
        readonly type: "string"
      },
      readonly referrer: {
        readonly type: "string"
      },
      readonly utmSource: {
        readonly type: "string"
      },
      readonly utmMedium: {
        readonly type: "string"
      },
      readonly utmCampaign: {
        readonly type: "string"
      },
      readonly utmTerm: {
        readonly type: "string"
      },
      readonly utmContent: {
        readonly type: "string"
      }
    }
  },
  readonly Service: {
    readonly type: "string",
    readonly enum: readonly [
      "",
      "sms-ai",
      "data-lookups",
      "call-warmup",
      "all"
    ],
    readonly "x-messages": {
      readonly enum: "Please choose a service from the list",
      readonly type: "Please choose a service from the list"
    },
    readonly "x-enum-labels": {
      readonly "sms-ai": "SMS & AI Messaging",
      readonly "data-lookups": "Data Lookups",
      readonly "call-warmup": "AI Call Warmup",
      readonly all: "All Services"
    }
  },
  readonly MonthlyVolume: {
    readonly type: "string",
    readonly enum: readonly [
      "",
      "0-1k",
      "1k-10k",
      "10k-100k",
      "100k-1m",
      "1m+"
    ],
    readonly "x-messages": {
      readonly enum: "Please choose a monthly volume from the list",
      readonly type: "Please choose a monthly volume from the list"
    },
    readonly "x-enum-labels": {
      readonly "0-1k": "0-1k",
      readonly "1k-10k": "1k-10k",
      readonly "10k-100k": "10k-100k",
      readonly "100k-1m": "100k-1m",
      readonly "1m+": "1m+"
    }
  },
  readonly PreferredDate: {
    readonly type: "string",
    readonly enum: readonly [
      "",
      "today",
      "tomorrow",
      "this-week",
      "next-week",
      "flexible"
    ],
    readonly "x-messages": {
      readonly enum: "Please choose a preferred date from the list",
      readonly type: "Please choose a preferred date from the list"
    },
    readonly "x-enum-labels": {
      readonly today: "Today",
      readonly tomorrow: "Tomorrow",
      readonly "this-week": "This Week",
      readonly "next-week": "Next Week",
      readonly flexible: "Flexible"
    }
  },
  readonly PreferredTime: {
    readonly type: "string",
    readonly enum: readonly [
      "",
      "morning",
      "afternoon",
      "evening",
      "flexible"
    ],
    readonly "x-messages": {
      readonly enum: "Please choose a preferred time from the list",
      readonly type: "Please choose a preferred time from the list"
    },
    readonly "x-enum-labels": {
      readonly morning: "Morning (9AM-12PM)",
      readonly afternoon: "Afternoon (12PM-5PM)",
      readonly evening: "Evening (5PM-8PM)",
      readonly flexible: "Flexible"
    }
  },
  readonly DemoStatus: {
    readonly type: "string",
    readonly enum: readonly [
      "pending",
      "confirmed",
      "completed",
      "cancelled"
    ],
    readonly "x-messages": {
      readonly enum: "Status must be one of pending, confirmed, completed, cancelled"
    }
  },
  readonly GetStartedStatus: {
    readonly type: "string",
    readonly enum: readonly [
      "pending",
      "contacted",
      "active",
      "declined"
    ],
    readonly "x-messages": {
      readonly enum: "Status must be one of pending, contacted, active, declined"
    }
  },
  readonly ContactInput: {
    readonly type: "object",
    readonly required: readonly [
      "name",
      "email",
      "message"
    ],
    readonly properties: {
      readonly name: {
        readonly $ref: "Name",
        readonly title: "Name"
      },
      readonly email: {
        readonly $ref: "Email",
        readonly title: "Email"
      },
      readonly phone: {
        readonly $ref: "Phone",
        readonly title: "Phone"
      },
      readonly company: {
        readonly $ref: "Company",
        readonly title: "Company"
      },
      readonly service: {
        readonly $ref: "Service",
        readonly title: "Service Interest"
      },
      readonly message: {
        readonly $ref: "ContactMessage",
        readonly title: "Message"
      },
      readonly landingPage: {
        readonly $ref: "LandingPage"
      },
      readonly referrer: {
        readonly $ref: "ReferrerOrigin"
      },
      readonly utmSource: {
        readonly $ref: "UtmValue"
      },
      readonly utmMedium: {
        readonly $ref: "UtmValue"
      },
      readonly utmCampaign: {
        readonly $ref: "UtmValue"
      },
      readonly utmTerm: {
        readonly $ref: "UtmValue"
      },
      readonly utmContent: {
        readonly $ref: "UtmValue"
      },
      readonly altcha: {
        readonly $ref: "SpamSolution"
      },
      readonly website: {
        readonly $ref: "Honeypot"
      }
    },
    readonly "x-form": {
      readonly submit: "Send Message",
      readonly failed: "Error sending message",
      readonly page: "/#contact",
      readonly sent: "/forms/contact-sent"
    }
  },
  readonly GetStartedInput: {
    readonly type: "object",
    readonly required: readonly [
      "name",
      "email"
    ],
    readonly properties: {
      readonly name: {
        readonly $ref: "Name",
        readonly title: "Full Name"
      },
      readonly email: {
        readonly $ref: "Email",
        readonly title: "Email Address"
      },
      readonly phone: {
        readonly $ref: "Phone",
        readonly title: "Phone Number"
      },
      readonly company: {
        readonly $ref: "Company",
        readonly title: "Company Name"
      },
      readonly service: {
        readonly $ref: "Service",
        readonly title: "Primary Service Interest"
      },
      readonly monthlyVolume: {
        readonly $ref: "MonthlyVolume",
        readonly title: "Monthly Message Volume"
      },
      readonly message: {
        readonly $ref: "Message",
        readonly title: "Additional Information"
      },
      readonly landingPage: {
        readonly $ref: "LandingPage"
      },
      readonly referrer: {
        readonly $ref: "ReferrerOrigin"
      },
      readonly utmSource: {
        readonly $ref: "UtmValue"
      },
      readonly utmMedium: {
        readonly $ref: "UtmValue"
      },
      readonly utmCampaign: {
        readonly $ref: "UtmValue"
      },
      readonly utmTerm: {
        readonly $ref: "UtmValue"
      },
      readonly utmContent: {
        readonly $ref: "UtmValue"
      },
      readonly altcha: {
        readonly $ref: "SpamSolution"
      },
      readonly website: {
        readonly $ref: "Honeypot"
      }
    },
    readonly "x-form": {
      readonly submit: "Get Started",
      readonly failed: "Error submitting request",
      readonly page: "/get-started",
      readonly sent: "/forms/get-started-sent"
    }
  },
  readonly DemoInput: {
    readonly type: "object",
    readonly required: readonly [
      "name",
      "email"
    ],
    readonly properties: {
      readonly name: {
        readonly $ref: "Name",
        readonly title: "Full Name"
      },
      readonly email: {
        readonly $ref: "Email",
        readonly title: "Email Address"
      },
      readonly phone: {
        readonly $ref: "Phone",
        readonly title: "Phone Number"
      },
      readonly company: {
        readonly $ref: "Company",
        readonly title: "Company Name"
      },
      readonly preferredDate: {
        readonly $ref: "PreferredDate",
        readonly title: "Preferred Date"
      },
      readonly preferredTime: {
        readonly $ref: "PreferredTime",
        readonly title: "Preferred Time"
      },
      readonly message: {
        readonly $ref: "Message",
        readonly title: "What would you like to see in the demo?"
      },
      readonly landingPage: {
        readonly $ref: "LandingPage"
      },
      readonly referrer: {
        readonly $ref: "ReferrerOrigin"
      },
      readonly utmSource: {
        readonly $ref: "UtmValue"
      },
      readonly utmMedium: {
        readonly $ref: "UtmValue"
      },
      readonly utmCampaign: {
        readonly $ref: "UtmValue"
      },
      readonly utmTerm: {
        readonly $ref: "UtmValue"
      },
      readonly utmContent: {
        readonly $ref: "UtmValue"
      },
      readonly altcha: {
        readonly $ref: "SpamSolution"
      },
      readonly website: {
        readonly $ref: "Honeypot"
      }
    },
    readonly "x-form": {
      readonly submit: "Schedule Demo",
      readonly failed: "Error scheduling demo",
      readonly page: "/schedule-demo",
      readonly sent: "/forms/demo-sent"
    }
  },
  readonly NewsletterInput: {
    readonly type: "object",
    readonly required: readonly [
      "email"
    ],
    readonly properties: {
      readonly email: {
        readonly $ref: "Email",
        readonly title: "Email for our newsletter"
      },
      readonly consent: {
        readonly $ref: "NewsletterConsent"
      },
      readonly website: {
        readonly $ref: "Honeypot"
      }
    },
    readonly "x-form": {
      readonly submit: "Subscribe",
      readonly failed: "Error subscribing",
      readonly page: "/#contact",
      readonly sent: "/forms/newsletter-sent"
    }
  },
  readonly NewsletterConsent: {
    readonly type: "string",
    readonly enum: readonly [
      "newsletter-v1"
    ],
    readonly default: "newsletter-v1",
    readonly "x-messages": {
      readonly enum: "Please reload the page and subscribe again",
      readonly type: "Please reload the page and subscribe again"
    },
    readonly "x-enum-labels": {
      readonly "newsletter-v1": "Get TextFlow product news and tips by email, about once a month. We will send you a link to confirm your address, and every newsletter has a one-click unsubscribe link."
    }
  },
  readonly Token: {
    readonly type: "string",
    readonly minLength: 20,
    readonly maxLength: 512,
    readonly pattern: "^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$",
    readonly "x-messages": {
      readonly minLength: "This link is incomplete. Please open it again from the email.",
      readonly maxLength: "This link is incomplete. Please open it again from the email.",
      readonly pattern: "This link is incomplete. Please open it again from the email.",
      readonly type: "This link is incomplete. Please open it again from the email.",
      readonly required: "This link is incomplete. Please open it again from the email."
    }
  },
  readonly TokenInput: {
    readonly type: "object",
    readonly required: readonly [
      "token"
    ],
    readonly properties: {
      readonly token: {
        readonly $ref: "Token"
      }
    }
  },
  readonly NewsletterConfirmed: {
    readonly type: "object",
    readonly required: readonly [
      "confirmed"
    ],
    readonly properties: {
      readonly confirmed: {
        readonly type: "boolean",
        readonly const: true
      }
    }
  },
  readonly NewsletterUnsubscribed: {
    readonly type: "object",
    readonly required: readonly [
      "unsubscribed"
    ],
    readonly properties: {
      readonly unsubscribed: {
        readonly type: "boolean",
        readonly const: true
      }
    }
  },
  readonly Contact: {
    readonly type: "object",
    readonly required: readonly [
      "id",
      "name",
      "email",
      "phone",
      "company",
      "service",
      "message",
      "createdAt",
      "assigneeId",
      "attribution",
      "spamCheck",
      "verified"
    ],
    readonly properties: {
      readonly assigneeId: {
        readonly $ref: "AssigneeId"
      },
      readonly id: {
        readonly $ref: "Id"
      },
      readonly name: {
        readonly type: "string"
      },
      readonly email: {
        readonly type: "string"
      },
      readonly phone: {
        readonly type: "string"
      },
      readonly company: {
        readonly type: "string"
      },
      readonly service: {
        readonly $ref: "Service"
      },
      readonly message: {
        readonly type: "string"
      },
      readonly createdAt: {
        readonly $ref: "Timestamp"
      },
      readonly spamCheck: {
        readonly $ref: "SpamCheck"
      },
      readonly verified: {
        readonly $ref: "Verified"
      },
      readonly attribution: {
        readonly $ref: "Attribution"
      }
    }
  },
  readonly DemoRequest: {
    readonly type: "object",
    readonly required: readonly [
      "id",
      "name",
      "email",
      "phone",
      "company",
      "preferredDate",
      "preferredTime",
      "message",
      "status",
      "createdAt",
      "invitation",
      "assigneeId",
      "attribution",
      "spamCheck",
      "verified"
    ],
    readonly properties: {
      readonly assigneeId: {
        readonly $ref: "AssigneeId"
      },
      readonly id: {
        readonly $ref: "Id"
      },
      readonly name: {
        readonly type: "string"
      },
      readonly email: {
        readonly type: "string"
      },
      readonly phone: {
        readonly type: "string"
      },
      readonly company: {
        readonly type: "string"
      },
      readonly preferredDate: {
        readonly $ref: "PreferredDate"
      },
      readonly preferredTime: {
        readonly $ref: "PreferredTime"
      },
      readonly message: {
        readonly type: "string"
      },
      readonly status: {
        readonly $ref: "DemoStatus"
      },
      readonly createdAt: {
        readonly $ref: "Timestamp"
      },
      readonly spamCheck: {
        readonly $ref: "SpamCheck"
      },
      readonly verified: {
        readonly $ref: "Verified"
      },
      readonly attribution: {
        readonly $ref: "Attribution"
      },
      readonly invitation: {}
    }
  },
  readonly Invitation: {
    readonly type: "object",
    readonly required: readonly [
      "uid",
      "sequence",
      "startsAt",
      "timeZone",
      "durationMinutes",
      "meetingUrl",
      "cancelled"
    ],
    readonly properties: {
      readonly uid: {
        readonly type: "string"
      },
      readonly sequence: {
        readonly type: "integer",
        readonly minimum: 0
      },
      readonly startsAt: {
        readonly $ref: "Timestamp"
      },
      readonly timeZone: {
        readonly type: "string"
      },
      readonly durationMinutes: {
        readonly type: "integer",
        readonly minimum: 15,
        readonly maximum: 480
      },
      readonly meetingUrl: {
        readonly type: readonly [
          "string",
          "null"
        ]
      },
      readonly cancelled: {
        readonly type: "boolean"
      }
    }
  },
  readonly InvitationInput: {
    readonly type: "object",
    readonly required: readonly [
      "date",
      "time",
      "timeZone",
      "durationMinutes"
    ],
    readonly properties: {
      readonly date: {
        readonly type: "string",
        readonly "x-messages": {
          readonly format: "Date must be a real date (YYYY-MM-DD)",
          readonly type: "Date must be a real date (YYYY-MM-DD)",
          readonly required: "Date is required"
        }
      },
      readonly time: {
        readonly type: "string",
        readonly pattern: "^([01][0-9]|2[0-3]):[0-5][0-9]$",
        readonly "x-messages": {
          readonly pattern: "Start time must be HH:MM (24-hour)",
          readonly type: "Start time must be HH:MM (24-hour)",
          readonly required: "Start time is required"
        }
      },
      readonly timeZone: {
        readonly type: "string",
        readonly minLength: 1,
        readonly maxLength: 64,
        readonly pattern: "^[A-Za-z][A-Za-z0-9_+/-]*$",
        readonly "x-messages": {
          readonly minLength: "Time zone must be an IANA name such as Europe/Berlin",
          readonly maxLength: "Time zone must be an IANA name such as Europe/Berlin",
          readonly pattern: "Time zone must be an IANA name such as Europe/Berlin",
          readonly type: "Time zone must be an IANA name such as Europe/Berlin",
          readonly required: "Time zone is required"
        }
      },
      readonly durationMinutes: {
        readonly type: "integer",
        readonly minimum: 15,
        readonly maximum: 480,
        readonly "x-messages": {
          readonly minimum: "Duration must be between 15 and 480 minutes",
          readonly maximum: "Duration must be between 15 and 480 minutes",
          readonly type: "Duration must be a whole number of minutes",
          readonly required: "Duration is required"
        }
      },
      readonly meetingUrl: {
        readonly type: "string",
        readonly maxLength: 2000,
        readonly pattern: "^https?://[^\\s<>\"]+$",
        readonly "x-messages": {
          readonly pattern: "Meeting link must be an http:// or https:// address",
          readonly maxLength: "Meeting link must be at most 2000 characters",
          readonly type: "Meeting link must be an http:// or https:// address"
        }
      }
    }
  },
  readonly GetStartedRequest: {
    readonly type: "object",
    readonly required: readonly [
      "id",
      "name",
      "email",
      "phone",
      "company",
      "service",
      "monthlyVolume",
      "message",
      "status",
      "createdAt",
      "assigneeId",
      "attribution",
      "spamCheck",
      "verified"
    ],
    readonly properties: {
      readonly assigneeId: {
        readonly $ref: "AssigneeId"
      },
      readonly id: {
        readonly $ref: "Id"
      },
      readonly name: {
        readonly type: "string"
      },
      readonly email: {
        readonly type: "string"
      },
      readonly phone: {
        readonly type: "string"
      },
      readonly company: {
        readonly type: "string"
      },
      readonly service: {
        readonly $ref: "Service"
      },
      readonly monthlyVolume: {
        readonly $ref: "MonthlyVolume"
      },
      readonly message: {
        readonly type: "string"
      },
      readonly status: {
        readonly $ref: "GetStartedStatus"
      },
      readonly createdAt: {
        readonly $ref: "Timestamp"
      },
      readonly spamCheck: {
        readonly $ref: "SpamCheck"
      },
      readonly verified: {
        readonly $ref: "Verified"
      },
      readonly attribution: {
        readonly $ref: "Attribution"
      }
    }
  },
  readonly NewsletterStatus: {
    readonly type: "string",
    readonly enum: readonly [
      "pending",
      "active",
      "inactive"
    ],
    readonly "x-enum-labels": {
      readonly pending: "Pending",
      readonly active: "Active",
      readonly inactive: "Inactive"
    }
  },
  readonly NewsletterSubscriber: {
    readonly type: "object",
    readonly required: readonly [
      "id",
      "email",
      "status",
      "isActive",
      "createdAt",
      "confirmedAt",
      "assigneeId"
    ],
    readonly properties: {
      readonly assigneeId: {
        readonly $ref: "AssigneeId"
      },
      readonly id: {
        readonly $ref: "Id"
      },
      readonly email: {
        readonly type: "string"
      },
      readonly status: {
        readonly $ref: "NewsletterStatus"
      },
      readonly isActive: {
        readonly type: "boolean"
      },
      readonly createdAt: {
        readonly $ref: "Timestamp"
      },
      readonly confirmedAt: {}
    }
  },
  readonly LoginInput: {
    readonly type: "object",
    readonly required: readonly [
      "username",
      "password"
    ],
    readonly properties: {
      readonly username: {
        readonly type: "string",
        readonly minLength: 1,
        readonly maxLength: 100,
        readonly "x-messages": {
          readonly minLength: "Username is required",
          readonly required: "Username is required",
          readonly type: "Username is required"
        }
      },
      readonly password: {
        readonly type: "string",
        readonly minLength: 1,
        readonly maxLength: 1024,
        readonly "x-messages": {
          readonly minLength: "Password is required",
          readonly required: "Password is required",
          readonly type: "Password is required"
        }
      }
    }
  },
  readonly Session: {
    readonly type: "object",
    readonly required: readonly [
      "username",
      "role",
      "expiresAt",
      "secondFactor",
      "signedInWith",
      "hasPassword"
    ],
    readonly properties: {
      readonly username: {
        readonly type: "string"
      },
      readonly signedInWith: {
        readonly type: "string",
        readonly enum: readonly [
          "password",
          "single-sign-on"
        ]
      },
      readonly hasPassword: {
        readonly type: "boolean"
      },
      readonly role: {
        readonly $ref: "Role"
      },
      readonly expiresAt: {},
      readonly secondFactor: {
        readonly $ref: "SecondFactorStatus"
      }
    }
  },
  readonly SignInOptions: {
    readonly type: "object",
    readonly required: readonly [
      "password",
      "singleSignOn"
    ],
    readonly properties: {
      readonly password: {
        readonly type: "string",
        readonly enum: readonly [
          "all",
          "owner",
          "off"
        ]
      },
      readonly singleSignOn: {}
    }
  },
  readonly SingleSignOnSettings: {
    readonly type: "object",
    readonly required: readonly [
      "configured",
      "issuer",
      "displayName",
      "redirectUri",
      "allowedDomains",
      "defaultRole",
      "password",
      "secondFactor"
    ],
    readonly properties: {
      readonly configured: {
        readonly type: "boolean"
      },
      readonly issuer: {
        readonly type: readonly [
          "string",
          "null"
        ]
      },
      readonly displayName: {
        readonly type: readonly [
          "string",
          "null"
        ]
      },
      readonly redirectUri: {
        readonly type: readonly [
          "string",
          "null"
        ]
      },
      readonly allowedDomains: {
        readonly type: "array"
      },
      readonly defaultRole: {
        readonly $ref: "InvitedRole"
      },
      readonly password: {
        readonly type: "string",
        readonly enum: readonly [
          "all",
          "owner",
          "off"
        ]
      },
      readonly secondFactor: {
        readonly type: "string",
        readonly enum: readonly [
          "off",
          "optional",
          "required"
        ]
      }
    }
  },
  readonly SingleSignOnRefusal: {
    readonly type: "string",
    readonly enum: readonly [
      "not-known",
      "deactivated",
      "unverified-email",
      "cancelled",
      "expired",
      "failed",
      "unavailable"
    ]
  },
  readonly ProviderSignOut: {
    readonly type: "object",
    readonly required: readonly [
      "providerSignOutUrl"
    ],
    readonly properties: {
      readonly providerSignOutUrl: {
        readonly type: "string"
      }
    }
  },
  readonly Role: {
    readonly type: "string",
    readonly enum: readonly [
      "viewer",
      "member",
      "admin",
      "owner"
    ],
    readonly "x-enum-labels": {
      readonly viewer: "Viewer",
      readonly member: "Member",
      readonly admin: "Admin",
      readonly owner: "Owner"
    }
  },
  readonly TeamMember: {
    readonly type: "object",
    readonly required: readonly [
      "id",
      "username",
      "role",
      "createdAt",
      "email",
      "active",
      "deactivatedAt",
      "assignedLeads",
      "openLeads"
    ],
    readonly properties: {
      readonly id: {
        readonly $ref: "Id"
      },
      readonly username: {
        readonly type: "string"
      },
      readonly role: {
        readonly $ref: "Role"
      },
      readonly createdAt: {
        readonly $ref: "Timestamp"
      },
      readonly email: {
        readonly type: readonly [
          "string",
          "null"
        ]
      },
      readonly active: {
        readonly type: "boolean"
      },
      readonly deactivatedAt: {},
      readonly assignedLeads: {
        readonly type: "integer",
        readonly minimum: 0
      },
      readonly openLeads: {
        readonly type: "integer",
        readonly minimum: 0
      }
    }
  },
  readonly TeamMemberRef: {
    readonly type: "object",
    readonly required: readonly [
      "id",
      "username"
    ],
    readonly properties: {
      readonly id: {
        readonly $ref: "Id"
      },
      readonly username: {
        readonly type: "string"
      }
    }
  },
  readonly AssignmentInput: {
    readonly type: "object",
    readonly required: readonly [
      "assigneeId",
      "expectedAssigneeId"
    ],
    readonly properties: {
      readonly assigneeId: {},
      readonly expectedAssigneeId: {}
    }
  },
  readonly LeadAssignment: {
    readonly type: "object",
    readonly required: readonly [
      "kind",
      "id",
      "assignee"
    ],
    readonly properties: {
      readonly kind: {
        readonly $ref: "LeadKind"
      },
      readonly id: {
        readonly $ref: "Id"
      },
      readonly assignee: {}
    }
  },
  readonly BulkAssignmentInput: {
    readonly type: "object",
    readonly required: readonly [
      "assigneeId",
      "leads"
    ],
    readonly properties: {
      readonly assigneeId: {},
      readonly leads: {
        readonly type: "array"
      }
    }
  },
  readonly BulkAssignmentResult: {
    readonly type: "object",
    readonly required: readonly [
      "id",
      "outcome",
      "assigneeId"
    ],
    readonly properties: {
      readonly id: {
        readonly $ref: "Id"
      },
      readonly outcome: {
        readonly type: "string",
        readonly enum: readonly [
          "assigned",
          "conflict",
          "not-found"
        ]
      },
      readonly assigneeId: {}
    }
  },
  readonly Reassigned: {
    readonly type: "object",
    readonly required: readonly [
      "moved",
      "total"
    ],
    readonly properties: {
      readonly moved: {
        readonly type: "object"
      },
      readonly total: {
        readonly type: "integer",
        readonly minimum: 0
      }
    }
  },
  readonly TeamRoleInput: {
    readonly type: "object",
    readonly required: readonly [
      "role"
    ],
    readonly properties: {
      readonly role: {
        readonly $ref: "Role"
      }
    }
  },
  readonly InvitedRole: {
    readonly type: "string",
    readonly enum: readonly [
      "viewer",
      "member",
      "admin"
    ],
    readonly "x-enum-labels": {
      readonly viewer: "Viewer",
      readonly member: "Member",
      readonly admin: "Admin"
    }
  },
  readonly TeamInvitationInput: {
    readonly type: "object",
    readonly required: readonly [
      "email",
      "role"
    ],
    readonly properties: {
      readonly email: {
        readonly $ref: "Email"
      },
      readonly role: {
        readonly $ref: "InvitedRole"
      }
    }
  },
  readonly TeamInvitation: {
    readonly type: "object",
    readonly required: readonly [
      "id",
      "email",
      "role",
      "invitedBy",
      "createdAt",
      "sentAt",
      "expiresAt",
      "state",
      "delivery",
      "deliveryError",
      "heldLink"
    ],
    readonly properties: {
      readonly id: {
        readonly $ref: "Id"
      },
      readonly email: {
        readonly type: "string"
      },
      readonly role: {
        readonly $ref: "InvitedRole"
      },
      readonly invitedBy: {
        readonly type: "string"
      },
      readonly createdAt: {
        readonly $ref: "Timestamp"
      },
      readonly sentAt: {},
      readonly expiresAt: {
        readonly $ref: "Timestamp"
      },
      readonly state: {
        readonly type: "string",
        readonly enum: readonly [
          "pending",
          "expired"
        ],
        readonly "x-enum-labels": {
          readonly pending: "Pending",
          readonly expired: "Expired"
        }
      },
      readonly delivery: {
        readonly type: "string",
        readonly enum: readonly [
          "sent",
          "held",
          "failed"
        ],
        readonly "x-enum-labels": {
          readonly sent: "Sent",
          readonly held: "Held (no SMTP server set)",
          readonly failed: "Failed"
        }
      },
      readonly deliveryError: {
        readonly type: readonly [
          "string",
          "null"
        ]
      },
      readonly heldLink: {
        readonly type: readonly [
          "string",
          "null"
        ]
      }
    }
  },
  readonly TeamInvitationToken: {
    readonly type: "object",
    readonly required: readonly [
      "token"
    ],
    readonly properties: {
      readonly token: {
        readonly type: "string",
        readonly minLength: 1,
        readonly maxLength: 100,
        readonly pattern: "^[A-Za-z0-9_-]+$",
        readonly "x-messages": {
          readonly required: "The invitation link is incomplete",
          readonly minLength: "The invitation link is incomplete",
          readonly maxLength: "The invitation link is not valid",
          readonly pattern: "The invitation link is not valid"
        }
      }
    }
  },
  readonly TeamInvitationOffer: {
    readonly type: "object",
    readonly required: readonly [
      "email",
      "role",
      "expiresAt"
    ],
    readonly properties: {
      readonly email: {
        readonly type: "string"
      },
      readonly role: {
        readonly $ref: "InvitedRole"
      },
      readonly expiresAt: {
        readonly $ref: "Timestamp"
      }
    }
  },
  readonly TeamInvitationAcceptance: {
    readonly type: "object",
    readonly required: readonly [
      "token",
      "email",
      "username",
      "password"
    ],
    readonly properties: {
      readonly token: {
        readonly type: "string",
        readonly minLength: 1,
        readonly maxLength: 100,
        readonly pattern: "^[A-Za-z0-9_-]+$",
        readonly "x-messages": {
          readonly required: "The invitation link is incomplete",
          readonly minLength: "The invitation link is incomplete",
          readonly maxLength: "The invitation link is not valid",
          readonly pattern: "The invitation link is not valid"
        }
      },
      readonly email: {
        readonly type: "string",
        readonly minLength: 1,
        readonly maxLength: 254,
        readonly "x-messages": {
          readonly required: "Email is required",
          readonly minLength: "Email is required",
          readonly maxLength: "Email must be at most 254 characters"
        }
      },
      readonly username: {
        readonly type: "string",
        readonly minLength: 1,
        readonly maxLength: 100,
        readonly pattern: "^\\s*[A-Za-z0-9][A-Za-z0-9._@-]{0,99}\\s*$",
        readonly "x-messages": {
          readonly required: "Username is required",
          readonly minLength: "Username is required",
          readonly maxLength: "Username must be at most 100 characters",
          readonly pattern: "Username must be letters a-z, digits, \".\", \"_\", \"@\" or \"-\", starting with a letter or digit"
        }
      },
      readonly password: {
        readonly type: "string",
        readonly minLength: 12,
        readonly maxLength: 1024,
        readonly "x-messages": {
          readonly required: "Password is required",
          readonly minLength: "Password must be at least 12 characters",
          readonly maxLength: "Password must be at most 1024 characters"
        }
      }
    }
  },
  readonly AuditAction: {
    readonly type: "string",
    readonly enum: readonly [
      "session.signed-in",
      "session.sign-in-failed",
      "session.signed-out",
      "second-factor.enrolled",
      "second-factor.removed",
      "second-factor.recovery-code-used",
      "second-factor.recovery-codes-renewed",
      "account.created",
      "account.password-reset",
      "lead.status-changed",
      "leads.exported",
      "audit.exported",
      "webhook.created",
      "webhook.changed",
      "webhook.deleted",
      "webhook.secret-rotated",
      "webhook.test-sent",
      "webhook.redelivered",
      "demo-invitation.sent",
      "demo-invitation.moved",
      "demo-invitation.cancelled",
      "mail.resent",
      "note.created",
      "note.deleted",
      "lead.assigned",
      "leads.reassigned",
      "account.role-changed",
      "account.deactivated",
      "account.reactivated",
      "team-invitation.sent",
      "team-invitation.accepted",
      "team-invitation.revoked",
      "personal-data.searched",
      "personal-data.exported",
      "person.erased",
      "lead.corrected",
      "retention.ran",
      "lead.released-from-spam",
      "account.linked-to-provider",
      "account.email-set",
      "demo-schedule.changed",
      "demo-schedule.removed",
      "demo.booked",
      "demo.rescheduled",
      "demo.cancelled"
    ],
    readonly "x-enum-labels": {
      readonly "session.signed-in": "Signed in",
      readonly "session.sign-in-failed": "Sign-in failed",
      readonly "session.signed-out": "Signed out",
      readonly "second-factor.enrolled": "Second factor set up",
      readonly "second-factor.removed": "Second factor removed",
      readonly "second-factor.recovery-code-used": "Recovery code used",
      readonly "second-factor.recovery-codes-renewed": "Recovery codes renewed",
      readonly "account.created": "Account created",
      readonly "account.password-reset": "Password reset",
      readonly "lead.status-changed": "Status changed",
      readonly "leads.exported": "Leads exported",
      readonly "audit.exported": "Audit log exported",
      readonly "webhook.created": "Webhook created",
      readonly "webhook.changed": "Webhook changed",
      readonly "webhook.deleted": "Webhook deleted",
      readonly "webhook.secret-rotated": "Webhook secret rotated",
      readonly "webhook.test-sent": "Webhook test sent",
      readonly "webhook.redelivered": "Webhook redelivered",
      readonly "demo-invitation.sent": "Demo invitation sent",
      readonly "demo-invitation.moved": "Demo invitation moved",
      readonly "demo-invitation.cancelled": "Demo invitation cancelled",
      readonly "mail.resent": "Email sent again",
      readonly "note.created": "Note written",
      readonly "note.deleted": "Note deleted",
      readonly "lead.assigned": "Assignee changed",
      readonly "leads.reassigned": "Leads reassigned",
      readonly "account.role-changed": "Role changed",
      readonly "account.deactivated": "Account deactivated",
      readonly "account.reactivated": "Account reactivated",
      readonly "team-invitation.sent": "Team invitation sent",
      readonly "team-invitation.accepted": "Team invitation accepted",
      readonly "team-invitation.revoked": "Team invitation revoked",
      readonly "personal-data.searched": "Personal data looked up",
      readonly "personal-data.exported": "Personal data exported",
      readonly "person.erased": "Person erased",
      readonly "lead.corrected": "Lead corrected",
      readonly "retention.ran": "Retention run",
      readonly "lead.released-from-spam": "Released from suspected spam",
      readonly "account.linked-to-provider": "Linked to the identity provider",
      readonly "account.email-set": "Address set",
      readonly "demo-schedule.changed": "Demo schedule changed",
      readonly "demo-schedule.removed": "Demo schedule removed",
      readonly "demo.booked": "Demo booked by the prospect",
      readonly "demo.rescheduled": "Demo moved by the prospect",
      readonly "demo.cancelled": "Demo cancelled by the prospect"
    }
  },
  readonly AuditActorKind: {
    readonly type: "string",
    readonly enum: readonly [
      "account",
      "cli",
      "system",
      "anonymous"
    ],
    readonly "x-enum-labels": {
      readonly account: "Account",
      readonly cli: "Command line",
      readonly system: "System",
      readonly anonymous: "Anonymous"
    }
  },
  readonly AuditTargetType: {
    readonly type: "string",
    readonly enum: readonly [
      "account",
      "contact",
      "demo",
      "get-started",
      "newsletter",
      "webhook-endpoint",
      "webhook-delivery",
      "mail-message",
      "audit-log",
      "team-invitation",
      "demo-schedule"
    ],
    readonly "x-enum-labels": {
      readonly account: "Account",
      readonly contact: "Contact",
      readonly demo: "Demo",
      readonly "get-started": "Get Started",
      readonly newsletter: "Newsletter",
      readonly "webhook-endpoint": "Webhook endpoint",
      readonly "webhook-delivery": "Webhook delivery",
      readonly "mail-message": "Email",
      readonly "audit-log": "Audit log",
      readonly "team-invitation": "Team invitation"
    }
  },
  readonly AuditEntry: {
    readonly type: "object",
    readonly required: readonly [
      "id",
      "at",
      "actor",
      "ip",
      "userAgent",
      "requestId",
      "action",
      "target",
      "changes",
      "details"
    ],
    readonly properties: {
      readonly id: {
        readonly $ref: "Id"
      },
      readonly at: {
        readonly $ref: "Timestamp"
      },
      readonly actor: {
        readonly type: "object"
      },
      readonly ip: {
        readonly type: readonly [
          "string",
          "null"
        ]
      },
      readonly userAgent: {
        readonly type: readonly [
          "string",
          "null"
        ]
      },
      readonly requestId: {
        readonly type: readonly [
          "string",
          "null"
        ]
      },
      readonly action: {
        readonly $ref: "AuditAction"
      },
      readonly target: {},
      readonly changes: {
        readonly type: "object"
      },
      readonly details: {
        readonly type: "object"
      }
    }
  },
  readonly SecondFactorStatus: {
    readonly type: "object",
    readonly required: readonly [
      "policy",
      "enrolled",
      "mustEnrol",
      "recoveryCodesLeft"
    ],
    readonly properties: {
      readonly policy: {
        readonly type: "string",
        readonly enum: readonly [
          "off",
          "optional",
          "required"
        ]
      },
      readonly enrolled: {
        readonly type: "boolean"
      },
      readonly mustEnrol: {
        readonly type: "boolean"
      },
      readonly recoveryCodesLeft: {
        readonly type: "integer",
        readonly minimum: 0
      }
    }
  },
  readonly SecondFactorChallenge: {
    readonly type: "object",
    readonly required: readonly [
      "secondFactor"
    ],
    readonly properties: {
      readonly secondFactor: {
        readonly type: "object"
      }
    }
  },
  readonly CodeInput: {
    readonly type: "object",
    readonly required: readonly [
      "code"
    ],
    readonly properties: {
      readonly code: {
        readonly type: "string",
        readonly minLength: 6,
        readonly maxLength: 40,
        readonly pattern: "^[0-9A-Za-z -]+$",
        readonly "x-messages": {
          readonly minLength: "Enter the 6-digit code from your authenticator app",
          readonly maxLength: "That code is not right",
          readonly pattern: "That code is not right",
          readonly type: "Enter the 6-digit code from your authenticator app",
          readonly required: "Enter the 6-digit code from your authenticator app"
        }
      }
    }
  },
  readonly EnrolmentInput: {
    readonly type: "object",
    readonly required: [],
    readonly properties: {
      readonly password: {
        readonly type: "string",
        readonly minLength: 1,
        readonly maxLength: 1024,
        readonly "x-messages": {
          readonly required: "Password is required",
          readonly minLength: "Password is required"
        }
      },
      readonly code: {
        readonly type: "string",
        readonly minLength: 6,
        readonly maxLength: 40,
        readonly pattern: "^[0-9A-Za-z -]+$",
        readonly "x-messages": {
          readonly minLength: "Enter the 6-digit code from your authenticator app, or a recovery code",
          readonly maxLength: "That code is not right",
          readonly pattern: "That code is not right",
          readonly required: "Enter the 6-digit code from your authenticator app, or a recovery code"
        }
      }
    }
  },
  readonly SecondFactorEnrolment: {
    readonly type: "object",
    readonly required: readonly [
      "secret",
      "otpauthUri",
      "qrCode",
      "expiresAt"
    ],
    readonly properties: {
      readonly secret: {
        readonly type: "string"
      },
      readonly otpauthUri: {
        readonly type: "string"
      },
      readonly qrCode: {
        readonly type: "string"
      },
      readonly expiresAt: {}
    }
  },
  readonly RecoveryCodes: {
    readonly type: "object",
    readonly required: readonly [
      "recoveryCodes",
      "secondFactor"
    ],
    readonly properties: {
      readonly recoveryCodes: {
        readonly type: "array"
      },
      readonly secondFactor: {
        readonly $ref: "SecondFactorStatus"
      }
    }
  },
  readonly LeadType: {
    readonly type: "string",
    readonly enum: readonly [
      "contact",
      "demo",
      "get-started"
    ]
  },
  readonly Overview: {
    readonly type: "object",
    readonly required: readonly [
      "counts",
      "recent",
      "daily",
      "sources"
    ],
    readonly properties: {
      readonly counts: {
        readonly type: "object"
      },
      readonly recent: {
        readonly type: "array"
      },
      readonly sources: {
        readonly type: "array"
      },
      readonly daily: {
        readonly type: "array"
      }
    }
  },
  readonly LeadKind: {
    readonly type: "string",
    readonly enum: readonly [
      "contact",
      "demo",
      "get-started",
      "newsletter"
    ],
    readonly "x-messages": {
      readonly enum: "Lead kind must be one of contact, demo, get-started, newsletter"
    },
    readonly "x-enum-labels": {
      readonly contact: "Contact",
      readonly demo: "Demo",
      readonly "get-started": "Get Started",
      readonly newsletter: "Newsletter"
    }
  },
  readonly MailTemplate: {
    readonly type: "string",
    readonly enum: readonly [
      "sales-alert",
      "acknowledgment",
      "demo-invitation",
      "demo-cancellation",
      "newsletter-confirmation",
      "lead-assigned"
    ],
    readonly "x-enum-labels": {
      readonly "sales-alert": "Sales alert",
      readonly acknowledgment: "Acknowledgment",
      readonly "demo-invitation": "Demo invitation",
      readonly "demo-cancellation": "Demo cancellation",
      readonly "newsletter-confirmation": "Newsletter confirmation",
      readonly "lead-assigned": "Assigned to you"
    }
  },
  readonly MailStatus: {
    readonly type: "string",
    readonly enum: readonly [
      "queued",
      "sending",
      "sent",
      "failed",
      "held"
    ],
    readonly "x-enum-labels": {
      readonly queued: "Queued",
      readonly sending: "Sending",
      readonly sent: "Sent",
      readonly failed: "Failed",
      readonly held: "Held"
    }
  },
  readonly LeadEventType: {
    readonly type: "string",
    readonly enum: readonly [
      "received",
      "subscribed",
      "queued",
      "sent",
      "retrying",
      "interrupted",
      "failed",
      "held",
      "resent",
      "status-changed",
      "invitation-sent",
      "invitation-updated",
      "invitation-cancelled",
      "confirmed",
      "unsubscribed",
      "deactivated",
      "assigned",
      "unassigned"
    ],
    readonly "x-enum-labels": {
      readonly received: "Received",
      readonly subscribed: "Subscription requested",
      readonly queued: "Email queued",
      readonly sent: "Email sent",
      readonly retrying: "Delivery failed, will retry",
      readonly interrupted: "Sending interrupted, will retry",
      readonly failed: "Email failed",
      readonly held: "Email held: email is not configured",
      readonly resent: "Email queued again",
      readonly "status-changed": "Status changed",
      readonly "invitation-sent": "Invitation sent",
      readonly "invitation-updated": "Invitation moved",
      readonly "invitation-cancelled": "Invitation cancelled",
      readonly confirmed: "Subscription confirmed",
      readonly unsubscribed: "Unsubscribed",
      readonly deactivated: "Deactivated in the desk",
      readonly assigned: "Assigned",
      readonly unassigned: "Unassigned"
    }
  },
  readonly LeadEvent: {
    readonly type: "object",
    readonly required: readonly [
      "at",
      "type",
      "messageId",
      "template",
      "actor",
      "detail"
    ],
    readonly properties: {
      readonly at: {
        readonly $ref: "Timestamp"
      },
      readonly type: {
        readonly $ref: "LeadEventType"
      },
      readonly messageId: {},
      readonly template: {},
      readonly actor: {
        readonly type: readonly [
          "string",
          "null"
        ]
      },
      readonly detail: {
        readonly type: readonly [
          "string",
          "null"
        ]
      }
    }
  },
  readonly MailMessageSummary: {
    readonly type: "object",
    readonly required: readonly [
      "id",
      "template",
      "revision",
      "status",
      "recipients",
      "subject",
      "attempts",
      "lastError",
      "createdAt",
      "sentAt",
      "canResend"
    ],
    readonly properties: {
      readonly id: {
        readonly $ref: "Id"
      },
      readonly template: {
        readonly $ref: "MailTemplate"
      },
      readonly revision: {
        readonly type: "integer",
        readonly minimum: 0
      },
      readonly status: {
        readonly $ref: "MailStatus"
      },
      readonly recipients: {
        readonly type: "array"
      },
      readonly subject: {
        readonly type: readonly [
          "string",
          "null"
        ]
      },
      readonly attempts: {
        readonly type: "integer",
        readonly minimum: 0
      },
      readonly lastError: {
        readonly type: readonly [
          "string",
          "null"
        ]
      },
      readonly createdAt: {
        readonly $ref: "Timestamp"
      },
      readonly sentAt: {},
      readonly canResend: {
        readonly type: "boolean"
      }
    }
  },
  readonly MailMessage: {
    readonly type: "object",
    readonly required: readonly [
      "id",
      "template",
      "revision",
      "status",
      "recipients",
      "subject",
      "attempts",
      "lastError",
      "createdAt",
      "sentAt",
      "canResend",
      "leadKind",
      "leadId",
      "sender",
      "html",
      "text",
      "calendar",
      "smtpResponse"
    ],
    readonly properties: {
      readonly id: {
        readonly $ref: "Id"
      },
      readonly template: {
        readonly $ref: "MailTemplate"
      },
      readonly revision: {
        readonly type: "integer",
        readonly minimum: 0
      },
      readonly status: {
        readonly $ref: "MailStatus"
      },
      readonly recipients: {
        readonly type: "array"
      },
      readonly subject: {
        readonly type: readonly [
          "string",
          "null"
        ]
      },
      readonly attempts: {
        readonly type: "integer",
        readonly minimum: 0
      },
      readonly lastError: {
        readonly type: readonly [
          "string",
          "null"
        ]
      },
      readonly createdAt: {
        readonly $ref: "Timestamp"
      },
      readonly sentAt: {},
      readonly canResend: {
        readonly type: "boolean"
      },
      readonly leadKind: {
        readonly $ref: "LeadKind"
      },
      readonly leadId: {
        readonly $ref: "Id"
      },
      readonly sender: {
        readonly type: readonly [
          "string",
          "null"
        ]
      },
      readonly html: {
        readonly type: readonly [
          "string",
          "null"
        ]
      },
      readonly text: {
        readonly type: readonly [
          "string",
          "null"
        ]
      },
      readonly calendar: {
        readonly type: readonly [
          "string",
          "null"
        ]
      },
      readonly smtpResponse: {
        readonly type: readonly [
          "string",
          "null"
        ]
      }
    }
  },
  readonly LeadNoteInput: {
    readonly type: "object",
    readonly required: readonly [
      "text"
    ],
    readonly properties: {
      readonly text: {
        readonly type: "string",
        readonly minLength: 1,
        readonly maxLength: 5000,
        readonly "x-messages": {
          readonly minLength: "Note must not be empty",
          readonly maxLength: "Note must be at most 5000 characters",
          readonly type: "Note must be text",
          readonly required: "Note must not be empty"
        }
      }
    }
  },
  readonly NoteAccount: {
    readonly type: "object",
    readonly required: readonly [
      "id",
      "username"
    ],
    readonly properties: {
      readonly id: {
        readonly $ref: "Id"
      },
      readonly username: {
        readonly type: "string"
      }
    }
  },
  readonly LeadNote: {
    readonly type: "object",
    readonly required: readonly [
      "id",
      "at",
      "author",
      "text",
      "deletableUntil",
      "deleted"
    ],
    readonly properties: {
      readonly id: {
        readonly $ref: "Id"
      },
      readonly at: {
        readonly $ref: "Timestamp"
      },
      readonly author: {
        readonly $ref: "NoteAccount"
      },
      readonly text: {
        readonly type: readonly [
          "string",
          "null"
        ]
      },
      readonly deletableUntil: {
        readonly $ref: "Timestamp"
      },
      readonly deleted: {}
    }
  },
  readonly LeadHistory: {
    readonly type: "object",
    readonly required: readonly [
      "kind",
      "id",
      "events",
      "messages"
    ],
    readonly properties: {
      readonly kind: {
        readonly $ref: "LeadKind"
      },
      readonly id: {
        readonly $ref: "Id"
      },
      readonly events: {
        readonly type: "array"
      },
      readonly messages: {
        readonly type: "array"
      }
    }
  },
  readonly DeliveryHealth: {
    readonly type: "object",
    readonly required: readonly [
      "queued",
      "retrying",
      "failed",
      "held",
      "emailConfigured",
      "lastError"
    ],
    readonly properties: {
      readonly queued: {
        readonly type: "integer",
        readonly minimum: 0
      },
      readonly retrying: {
        readonly type: "integer",
        readonly minimum: 0
      },
      readonly failed: {
        readonly type: "integer",
        readonly minimum: 0
      },
      readonly held: {
        readonly type: "integer",
        readonly minimum: 0
      },
      readonly emailConfigured: {
        readonly type: "boolean"
      },
      readonly lastError: {}
    }
  },
  readonly NullableTimestamp: {
    readonly type: readonly [
      "string",
      "null"
    ]
  },
  readonly WebhookEvent: {
    readonly type: "string",
    readonly enum: readonly [
      "lead.created",
      "lead.status_changed",
      "demo.scheduled",
      "newsletter.confirmed",
      "newsletter.unsubscribed",
      "lead.assigned",
      "person.erased",
      "demo.booked"
    ],
    readonly "x-messages": {
      readonly enum: "Event must be one of lead.created, lead.status_changed, demo.scheduled, newsletter.confirmed, newsletter.unsubscribed, lead.assigned, person.erased, demo.booked"
    },
    readonly "x-enum-labels": {
      readonly "lead.assigned": "Lead assigned",
      readonly "lead.created": "Lead created",
      readonly "lead.status_changed": "Lead status changed",
      readonly "demo.scheduled": "Demo scheduled",
      readonly "demo.booked": "Demo booked by the prospect",
      readonly "newsletter.confirmed": "Newsletter subscription confirmed",
      readonly "newsletter.unsubscribed": "Newsletter unsubscribed",
      readonly "person.erased": "Person erased"
    }
  },
  readonly WebhookUrl: {
    readonly type: "string",
    readonly maxLength: 2000,
    readonly pattern: "^[Hh][Tt][Tt][Pp][Ss]?://[^\\s]+$",
    readonly "x-messages": {
      readonly pattern: "Enter the endpoint's full URL, starting with https://",
      readonly maxLength: "The URL must be at most 2000 characters",
      readonly type: "Enter the endpoint's full URL, starting with https://",
      readonly required: "Enter the endpoint's full URL, starting with https://"
    }
  },
  readonly WebhookDescription: {
    readonly type: "string",
    readonly maxLength: 500,
    readonly "x-messages": {
      readonly maxLength: "Description must be at most 500 characters",
      readonly type: "Description must be text"
    }
  },
  readonly WebhookEvents: {
    readonly type: "array",
    readonly "x-messages": {
      readonly minItems: "Choose at least one event",
      readonly uniqueItems: "Choose each event once",
      readonly type: "Choose at least one event",
      readonly required: "Choose at least one event"
    }
  },
  readonly WebhookLeadKinds: {
    readonly type: "array",
    readonly "x-messages": {
      readonly uniqueItems: "Choose each lead kind once",
      readonly type: "Lead kinds must be a list"
    }
  },
  readonly WebhookSecret: {
    readonly type: "string",
    readonly pattern: "^whsec_[A-Za-z0-9+/]+={0,2}$"
  },
  readonly WebhookDisabledReason: {
    readonly type: readonly [
      "string",
      "null"
    ],
    readonly enum: readonly [
      "manual",
      "failing",
      null
    ],
    readonly "x-enum-labels": {
      readonly manual: "Disabled in the desk",
      readonly failing: "Disabled automatically after failing for 5 days without a single success"
    }
  },
  readonly WebhookEndpointInput: {
    readonly type: "object",
    readonly required: readonly [
      "url",
      "events"
    ],
    readonly properties: {
      readonly url: {
        readonly $ref: "WebhookUrl"
      },
      readonly description: {
        readonly $ref: "WebhookDescription"
      },
      readonly events: {
        readonly $ref: "WebhookEvents"
      },
      readonly leadKinds: {
        readonly $ref: "WebhookLeadKinds"
      },
      readonly enabled: {
        readonly type: "boolean",
        readonly default: true
      }
    }
  },
  readonly WebhookEndpointChanges: {
    readonly type: "object",
    readonly required: [],
    readonly properties: {
      readonly url: {
        readonly $ref: "WebhookUrl"
      },
      readonly description: {
        readonly $ref: "WebhookDescription"
      },
      readonly events: {
        readonly $ref: "WebhookEvents"
      },
      readonly leadKinds: {
        readonly $ref: "WebhookLeadKinds"
      },
      readonly enabled: {
        readonly type: "boolean"
      }
    }
  },
  readonly WebhookEndpoint: {
    readonly type: "object",
    readonly required: readonly [
      "id",
      "url",
      "description",
      "events",
      "leadKinds",
      "enabled",
      "disabledReason",
      "disabledAt",
      "failingSince",
      "previousSecretExpiresAt",
      "createdAt",
      "updatedAt"
    ],
    readonly properties: {
      readonly id: {
        readonly $ref: "Id"
      },
      readonly url: {
        readonly type: "string"
      },
      readonly description: {
        readonly type: "string"
      },
      readonly events: {
        readonly type: "array"
      },
      readonly leadKinds: {
        readonly type: "array"
      },
      readonly enabled: {
        readonly type: "boolean"
      },
      readonly disabledReason: {
        readonly $ref: "WebhookDisabledReason"
      },
      readonly disabledAt: {},
      readonly failingSince: {},
      readonly previousSecretExpiresAt: {},
      readonly createdAt: {
        readonly $ref: "Timestamp"
      },
      readonly updatedAt: {
        readonly $ref: "Timestamp"
      }
    }
  },
  readonly WebhookEndpointWithSecret: {
    readonly type: "object",
    readonly required: readonly [
      "endpoint",
      "secret"
    ],
    readonly properties: {
      readonly endpoint: {
        readonly $ref: "WebhookEndpoint"
      },
      readonly secret: {
        readonly $ref: "WebhookSecret"
      }
    }
  },
  readonly WebhookDeliveryStatus: {
    readonly type: "string",
    readonly enum: readonly [
      "pending",
      "succeeded",
      "failed"
    ],
    readonly "x-messages": {
      readonly enum: "Status must be one of pending, succeeded, failed"
    },
    readonly "x-enum-labels": {
      readonly pending: "Pending",
      readonly succeeded: "Succeeded",
      readonly failed: "Failed"
    }
  },
  readonly LeadRef: {
    readonly type: "object",
    readonly required: readonly [
      "kind",
      "id"
    ],
    readonly properties: {
      readonly kind: {
        readonly $ref: "LeadKind"
      },
      readonly id: {
        readonly $ref: "Id"
      }
    }
  },
  readonly WebhookAttempt: {
    readonly type: "object",
    readonly required: readonly [
      "attempt",
      "startedAt",
      "statusCode",
      "durationMs",
      "responseExcerpt",
      "error"
    ],
    readonly properties: {
      readonly attempt: {
        readonly type: "integer",
        readonly minimum: 1
      },
      readonly startedAt: {
        readonly $ref: "Timestamp"
      },
      readonly statusCode: {
        readonly type: readonly [
          "integer",
          "null"
        ]
      },
      readonly durationMs: {
        readonly type: "integer",
        readonly minimum: 0
      },
      readonly responseExcerpt: {
        readonly type: "string"
      },
      readonly error: {
        readonly type: readonly [
          "string",
          "null"
        ]
      }
    }
  },
  readonly WebhookDelivery: {
    readonly type: "object",
    readonly required: readonly [
      "id",
      "endpointId",
      "webhookId",
      "event",
      "lead",
      "status",
      "attempts",
      "lastAttempt",
      "nextAttemptAt",
      "redeliveryOf",
      "createdAt"
    ],
    readonly properties: {
      readonly id: {
        readonly $ref: "Id"
      },
      readonly endpointId: {
        readonly $ref: "Id"
      },
      readonly webhookId: {
        readonly type: "string"
      },
      readonly event: {
        readonly $ref: "WebhookDeliveryEvent"
      },
      readonly lead: {},
      readonly status: {
        readonly $ref: "WebhookDeliveryStatus"
      },
      readonly attempts: {
        readonly type: "integer",
        readonly minimum: 0
      },
      readonly lastAttempt: {},
      readonly nextAttemptAt: {},
      readonly redeliveryOf: {
        readonly type: readonly [
          "integer",
          "null"
        ]
      },
      readonly createdAt: {
        readonly $ref: "Timestamp"
      }
    }
  },
  readonly WebhookDeliveryDetail: {
    readonly type: "object",
    readonly required: readonly [
      "delivery",
      "attempts",
      "payload"
    ],
    readonly properties: {
      readonly delivery: {
        readonly $ref: "WebhookDelivery"
      },
      readonly attempts: {
        readonly type: "array"
      },
      readonly payload: {
        readonly type: "object"
      }
    }
  },
  readonly LeadCreatedEvent: {
    readonly type: "object",
    readonly required: readonly [
      "type",
      "timestamp",
      "data"
    ],
    readonly properties: {
      readonly type: {
        readonly type: "string",
        readonly const: "lead.created"
      },
      readonly timestamp: {},
      readonly data: {}
    }
  },
  readonly LeadStatusChangedEvent: {
    readonly type: "object",
    readonly required: readonly [
      "type",
      "timestamp",
      "data"
    ],
    readonly properties: {
      readonly type: {
        readonly type: "string",
        readonly const: "lead.status_changed"
      },
      readonly timestamp: {},
      readonly data: {}
    }
  },
  readonly DemoScheduledEvent: {
    readonly type: "object",
    readonly required: readonly [
      "type",
      "timestamp",
      "data"
    ],
    readonly properties: {
      readonly type: {
        readonly type: "string",
        readonly const: "demo.scheduled"
      },
      readonly timestamp: {},
      readonly data: {
        readonly type: "object"
      }
    }
  },
  readonly DemoBookedEvent: {
    readonly type: "object",
    readonly required: readonly [
      "type",
      "timestamp",
      "data"
    ],
    readonly properties: {
      readonly type: {
        readonly type: "string",
        readonly const: "demo.booked"
      },
      readonly timestamp: {},
      readonly data: {
        readonly type: "object"
      }
    }
  },
  readonly NewsletterConfirmedEvent: {
    readonly type: "object",
    readonly required: readonly [
      "type",
      "timestamp",
      "data"
    ],
    readonly properties: {
      readonly type: {
        readonly type: "string",
        readonly const: "newsletter.confirmed"
      },
      readonly timestamp: {},
      readonly data: {
        readonly type: "object"
      }
    }
  },
  readonly NewsletterUnsubscribedEvent: {
    readonly type: "object",
    readonly required: readonly [
      "type",
      "timestamp",
      "data"
    ],
    readonly properties: {
      readonly type: {
        readonly type: "string",
        readonly const: "newsletter.unsubscribed"
      },
      readonly timestamp: {},
      readonly data: {
        readonly type: "object"
      }
    }
  },
  readonly LeadAssignedEvent: {
    readonly type: "object",
    readonly required: readonly [
      "type",
      "timestamp",
      "data"
    ],
    readonly properties: {
      readonly type: {
        readonly type: "string",
        readonly const: "lead.assigned"
      },
      readonly timestamp: {},
      readonly data: {
        readonly type: "object"
      }
    }
  },
  readonly WebhookTestEvent: {
    readonly type: "object",
    readonly required: readonly [
      "type",
      "timestamp",
      "data"
    ],
    readonly properties: {
      readonly type: {
        readonly type: "string",
        readonly const: "webhook.test"
      },
      readonly timestamp: {
        readonly $ref: "Timestamp"
      },
      readonly data: {
        readonly type: "object"
      }
    }
  },
  readonly PersonErasedEvent: {
    readonly type: "object",
    readonly required: readonly [
      "type",
      "timestamp",
      "data"
    ],
    readonly properties: {
      readonly type: {
        readonly type: "string",
        readonly const: "person.erased"
      },
      readonly timestamp: {},
      readonly data: {
        readonly type: "object"
      }
    }
  },
  readonly PersonalEmail: {
    readonly type: "object",
    readonly required: readonly [
      "id",
      "lead",
      "template",
      "status",
      "recipients",
      "subject",
      "text",
      "createdAt",
      "sentAt"
    ],
    readonly properties: {
      readonly id: {
        readonly $ref: "Id"
      },
      readonly lead: {
        readonly $ref: "LeadRef"
      },
      readonly template: {
        readonly $ref: "MailTemplate"
      },
      readonly status: {
        readonly $ref: "MailStatus"
      },
      readonly recipients: {
        readonly type: "array"
      },
      readonly subject: {
        readonly type: readonly [
          "string",
          "null"
        ]
      },
      readonly text: {
        readonly type: readonly [
          "string",
          "null"
        ]
      },
      readonly createdAt: {
        readonly $ref: "Timestamp"
      },
      readonly sentAt: {
        readonly $ref: "NullableTimestamp"
      }
    }
  },
  readonly PersonalWebhookDelivery: {
    readonly type: "object",
    readonly required: readonly [
      "id",
      "endpointId",
      "event",
      "lead",
      "status",
      "createdAt",
      "payload",
      "attempts"
    ],
    readonly properties: {
      readonly id: {
        readonly $ref: "Id"
      },
      readonly endpointId: {
        readonly $ref: "Id"
      },
      readonly event: {
        readonly type: "string"
      },
      readonly lead: {
        readonly $ref: "LeadRef"
      },
      readonly status: {
        readonly $ref: "WebhookDeliveryStatus"
      },
      readonly createdAt: {
        readonly $ref: "Timestamp"
      },
      readonly payload: {
        readonly type: readonly [
          "object",
          "null"
        ]
      },
      readonly attempts: {
        readonly type: "array"
      }
    }
  },
  readonly PersonalConsent: {
    readonly type: "object",
    readonly required: readonly [
      "id",
      "wording",
      "wordingText",
      "ip",
      "requestedAt",
      "confirmedAt",
      "confirmedIp"
    ],
    readonly properties: {
      readonly id: {
        readonly $ref: "Id"
      },
      readonly wording: {
        readonly type: "string"
      },
      readonly wordingText: {
        readonly type: "string"
      },
      readonly ip: {
        readonly type: "string"
      },
      readonly requestedAt: {
        readonly $ref: "Timestamp"
      },
      readonly confirmedAt: {
        readonly $ref: "NullableTimestamp"
      },
      readonly confirmedIp: {
        readonly type: readonly [
          "string",
          "null"
        ]
      }
    }
  },
  readonly PersonalData: {
    readonly type: "object",
    readonly required: readonly [
      "email",
      "generatedAt",
      "leads",
      "newsletter",
      "emails",
      "demoInvitations",
      "webhookDeliveries",
      "notes",
      "timeline",
      "auditEntries",
      "suspectedSpam",
      "idempotencyKeys"
    ],
    readonly properties: {
      readonly email: {
        readonly type: readonly [
          "string",
          "null"
        ]
      },
      readonly generatedAt: {
        readonly $ref: "Timestamp"
      },
      readonly leads: {
        readonly type: "object"
      },
      readonly newsletter: {
        readonly type: "object"
      },
      readonly emails: {
        readonly type: "array"
      },
      readonly demoInvitations: {
        readonly type: "array"
      },
      readonly webhookDeliveries: {
        readonly type: "array"
      },
      readonly notes: {
        readonly type: "array"
      },
      readonly timeline: {
        readonly type: "array"
      },
      readonly auditEntries: {
        readonly type: "array"
      },
      readonly suspectedSpam: {
        readonly type: "array"
      },
      readonly idempotencyKeys: {
        readonly type: "array"
      }
    }
  },
  readonly ErasureInput: {
    readonly type: "object",
    readonly required: readonly [
      "email"
    ],
    readonly properties: {
      readonly email: {
        readonly type: "string",
        readonly minLength: 3,
        readonly maxLength: 254,
        readonly "x-messages": {
          readonly minLength: "Give the address to erase",
          readonly maxLength: "Give the address to erase",
          readonly type: "Give the address to erase",
          readonly required: "Give the address to erase"
        }
      }
    }
  },
  readonly Erasure: {
    readonly type: "object",
    readonly required: readonly [
      "leads",
      "emails",
      "webhookDeliveries",
      "notes",
      "suspectedSpam"
    ],
    readonly properties: {
      readonly leads: {
        readonly type: "array"
      },
      readonly emails: {
        readonly type: "integer",
        readonly minimum: 0
      },
      readonly webhookDeliveries: {
        readonly type: "integer",
        readonly minimum: 0
      },
      readonly notes: {
        readonly type: "integer",
        readonly minimum: 0
      },
      readonly suspectedSpam: {
        readonly type: "integer",
        readonly minimum: 0
      }
    }
  },
  readonly LeadCorrection: {
    readonly type: "object",
    readonly required: [],
    readonly properties: {
      readonly name: {
        readonly $ref: "Name"
      },
      readonly email: {
        readonly $ref: "Email"
      },
      readonly phone: {
        readonly $ref: "Phone"
      },
      readonly company: {
        readonly $ref: "Company"
      }
    }
  },
  readonly LeadCorrected: {
    readonly type: "object",
    readonly required: readonly [
      "lead",
      "changed"
    ],
    readonly properties: {
      readonly lead: {
        readonly $ref: "LeadRef"
      },
      readonly changed: {
        readonly type: "array"
      }
    }
  },
  readonly DemoSlot: {
    readonly type: "object",
    readonly required: readonly [
      "start",
      "end"
    ],
    readonly properties: {
      readonly start: {
        readonly $ref: "Timestamp"
      },
      readonly end: {
        readonly $ref: "Timestamp"
      }
    }
  },
  readonly DemoBooking: {
    readonly type: "object",
    readonly required: readonly [
      "start",
      "end",
      "hostTimeZone",
      "host"
    ],
    readonly properties: {
      readonly start: {
        readonly $ref: "Timestamp"
      },
      readonly end: {
        readonly $ref: "Timestamp"
      },
      readonly hostTimeZone: {
        readonly type: "string"
      },
      readonly host: {
        readonly type: "string"
      }
    }
  },
  readonly DemoBookingOffer: {
    readonly type: "object",
    readonly required: readonly [
      "hostTimeZone",
      "timeZone",
      "lengthMinutes",
      "matchesWishes",
      "slots",
      "booking"
    ],
    readonly properties: {
      readonly hostTimeZone: {
        readonly type: "string"
      },
      readonly timeZone: {
        readonly type: "string"
      },
      readonly lengthMinutes: {
        readonly type: "integer",
        readonly minimum: 1
      },
      readonly matchesWishes: {
        readonly type: "boolean"
      },
      readonly slots: {
        readonly type: "array"
      },
      readonly booking: {}
    }
  },
  readonly DemoBookingInput: {
    readonly type: "object",
    readonly required: readonly [
      "start"
    ],
    readonly properties: {
      readonly start: {
        readonly type: "string",
        readonly "x-messages": {
          readonly format: "Pick one of the times offered",
          readonly type: "Pick one of the times offered",
          readonly required: "Pick one of the times offered"
        }
      },
      readonly timeZone: {
        readonly type: "string",
        readonly minLength: 1,
        readonly maxLength: 64,
        readonly pattern: "^[A-Za-z][A-Za-z0-9_+/-]*$",
        readonly "x-messages": {
          readonly minLength: "Time zone must be an IANA name such as Europe/Berlin",
          readonly maxLength: "Time zone must be an IANA name such as Europe/Berlin",
          readonly pattern: "Time zone must be an IANA name such as Europe/Berlin",
          readonly type: "Time zone must be an IANA name such as Europe/Berlin"
        }
      }
    }
  },
  readonly SlotTaken: {
    readonly type: "object",
    readonly required: readonly [
      "type",
      "title",
      "status",
      "slots",
      "booking"
    ],
    readonly properties: {
      readonly type: {
        readonly type: "string"
      },
      readonly title: {
        readonly type: "string"
      },
      readonly status: {
        readonly type: "integer",
        readonly const: 409
      },
      readonly detail: {
        readonly type: "string"
      },
      readonly requestId: {
        readonly type: "string"
      },
      readonly slots: {
        readonly type: "array"
      },
      readonly booking: {}
    }
  },
  readonly WallTime: {
    readonly type: "string",
    readonly pattern: "^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$",
    readonly "x-messages": {
      readonly pattern: "Times must be HH:MM (24-hour)",
      readonly type: "Times must be HH:MM (24-hour)",
      readonly required: "Start and end times are required"
    }
  },
  readonly DemoHours: {
    readonly type: "object",
    readonly required: readonly [
      "start",
      "end"
    ],
    readonly properties: {
      readonly start: {
        readonly $ref: "WallTime"
      },
      readonly end: {
        readonly $ref: "WallTime"
      }
    }
  },
  readonly DemoWeeklyHours: {
    readonly type: "object",
    readonly required: readonly [
      "weekday",
      "start",
      "end"
    ],
    readonly properties: {
      readonly weekday: {
        readonly type: "integer",
        readonly minimum: 1,
        readonly maximum: 7,
        readonly "x-messages": {
          readonly minimum: "Weekday must be 1 (Monday) to 7 (Sunday)",
          readonly maximum: "Weekday must be 1 (Monday) to 7 (Sunday)",
          readonly type: "Weekday must be 1 (Monday) to 7 (Sunday)"
        }
      },
      readonly start: {
        readonly $ref: "WallTime"
      },
      readonly end: {
        readonly $ref: "WallTime"
      }
    }
  },
  readonly DemoDateOverride: {
    readonly type: "object",
    readonly required: readonly [
      "date",
      "intervals"
    ],
    readonly properties: {
      readonly date: {
        readonly type: "string",
        readonly "x-messages": {
          readonly format: "Date must be a real date (YYYY-MM-DD)",
          readonly type: "Date must be a real date (YYYY-MM-DD)",
          readonly required: "Date is required"
        }
      },
      readonly intervals: {
        readonly type: "array"
      }
    }
  },
  readonly DemoSchedule: {
    readonly type: "object",
    readonly required: readonly [
      "timeZone",
      "weekly",
      "overrides",
      "lengthMinutes",
      "bufferBeforeMinutes",
      "bufferAfterMinutes",
      "minimumNoticeMinutes",
      "horizonDays",
      "dailyCap",
      "hostIds"
    ],
    readonly properties: {
      readonly timeZone: {
        readonly type: "string",
        readonly minLength: 1,
        readonly maxLength: 64,
        readonly pattern: "^[A-Za-z][A-Za-z0-9_+/-]*$",
        readonly "x-messages": {
          readonly minLength: "Time zone must be an IANA name such as Europe/Berlin",
          readonly maxLength: "Time zone must be an IANA name such as Europe/Berlin",
          readonly pattern: "Time zone must be an IANA name such as Europe/Berlin",
          readonly type: "Time zone must be an IANA name such as Europe/Berlin",
          readonly required: "Time zone is required"
        }
      },
      readonly weekly: {
        readonly type: "array"
      },
      readonly overrides: {
        readonly type: "array"
      },
      readonly lengthMinutes: {
        readonly type: "integer",
        readonly minimum: 10,
        readonly maximum: 240,
        readonly "x-messages": {
          readonly minimum: "Demo length must be 10 to 240 minutes",
          readonly maximum: "Demo length must be 10 to 240 minutes",
          readonly type: "Demo length must be 10 to 240 minutes"
        }
      },
      readonly bufferBeforeMinutes: {
        readonly type: "integer",
        readonly minimum: 0,
        readonly maximum: 240,
        readonly "x-messages": {
          readonly minimum: "Buffers must be 0 to 240 minutes",
          readonly maximum: "Buffers must be 0 to 240 minutes",
          readonly type: "Buffers must be 0 to 240 minutes"
        }
      },
      readonly bufferAfterMinutes: {
        readonly type: "integer",
        readonly minimum: 0,
        readonly maximum: 240,
        readonly "x-messages": {
          readonly minimum: "Buffers must be 0 to 240 minutes",
          readonly maximum: "Buffers must be 0 to 240 minutes",
          readonly type: "Buffers must be 0 to 240 minutes"
        }
      },
      readonly minimumNoticeMinutes: {
        readonly type: "integer",
        readonly minimum: 0,
        readonly maximum: 43200,
        readonly "x-messages": {
          readonly minimum: "Minimum notice must be 0 to 43200 minutes (30 days)",
          readonly maximum: "Minimum notice must be 0 to 43200 minutes (30 days)",
          readonly type: "Minimum notice must be 0 to 43200 minutes (30 days)"
        }
      },
      readonly horizonDays: {
        readonly type: "integer",
        readonly minimum: 1,
        readonly maximum: 365,
        readonly "x-messages": {
          readonly minimum: "Horizon must be 1 to 365 days",
          readonly maximum: "Horizon must be 1 to 365 days",
          readonly type: "Horizon must be 1 to 365 days"
        }
      },
      readonly dailyCap: {
        readonly type: readonly [
          "integer",
          "null"
        ],
        readonly minimum: 1,
        readonly maximum: 100,
        readonly "x-messages": {
          readonly minimum: "Daily cap must be 1 to 100 demos, or none",
          readonly maximum: "Daily cap must be 1 to 100 demos, or none",
          readonly type: "Daily cap must be 1 to 100 demos, or none"
        }
      },
      readonly hostIds: {
        readonly type: "array",
        readonly "x-messages": {
          readonly minItems: "Choose at least one host",
          readonly maxItems: "At most 100 hosts",
          readonly uniqueItems: "Each host is listed once"
        }
      }
    }
  },
  readonly DemoAgenda: {
    readonly type: "object",
    readonly required: readonly [
      "timeZone",
      "from",
      "days"
    ],
    readonly properties: {
      readonly timeZone: {
        readonly type: "string"
      },
      readonly from: {
        readonly type: "string"
      },
      readonly days: {
        readonly type: "array"
      }
    }
  },
  readonly DemoAgendaDay: {
    readonly type: "object",
    readonly required: readonly [
      "date",
      "demos"
    ],
    readonly properties: {
      readonly date: {
        readonly type: "string"
      },
      readonly demos: {
        readonly type: "array"
      }
    }
  },
  readonly DemoAgendaItem: {
    readonly type: "object",
    readonly required: readonly [
      "leadId",
      "name",
      "company",
      "email",
      "startsAt",
      "endsAt",
      "status",
      "host",
      "previousStartsAt"
    ],
    readonly properties: {
      readonly leadId: {},
      readonly name: {
        readonly type: "string"
      },
      readonly company: {
        readonly type: "string"
      },
      readonly email: {
        readonly type: "string"
      },
      readonly startsAt: {
        readonly $ref: "Timestamp"
      },
      readonly endsAt: {
        readonly $ref: "Timestamp"
      },
      readonly status: {
        readonly type: "string",
        readonly enum: readonly [
          "pending",
          "confirmed"
        ]
      },
      readonly host: {
        readonly $ref: "TeamMemberRef"
      },
      readonly previousStartsAt: {}
    }
  },
  readonly RetentionSettings: {
    readonly type: "object",
    readonly required: readonly [
      "leadDays",
      "unconfirmedDays",
      "emailDays",
      "webhookDays",
      "auditDays"
    ],
    readonly properties: {
      readonly leadDays: {
        readonly type: readonly [
          "integer",
          "null"
        ],
        readonly minimum: 1
      },
      readonly unconfirmedDays: {
        readonly type: readonly [
          "integer",
          "null"
        ],
        readonly minimum: 1
      },
      readonly emailDays: {
        readonly type: readonly [
          "integer",
          "null"
        ],
        readonly minimum: 1
      },
      readonly webhookDays: {
        readonly type: readonly [
          "integer",
          "null"
        ],
        readonly minimum: 1
      },
      readonly auditDays: {
        readonly type: readonly [
          "integer",
          "null"
        ],
        readonly minimum: 1
      }
    }
  }
};
