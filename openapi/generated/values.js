// Generated from openapi.yaml by scripts/generate-values.mjs (npm run generate). Do not edit.
export const schemas = {
  "Problem": {
    "type": "object",
    "required": [
      "type",
      "title",
      "status"
    ],
    "properties": {
      "type": {
        "type": "string"
      },
      "title": {
        "type": "string"
      },
      "status": {
        "type": "integer",
        "minimum": 400,
        "maximum": 599
      },
      "detail": {
        "type": "string"
      },
      "instance": {
        "type": "string"
      },
      "requestId": {
        "type": "string"
      },
      "requiredRole": {},
      "currentAssignee": {},
      "currentStatus": {
        "type": "string"
      },
      "invitationState": {
        "type": "string",
        "enum": [
          "accepted",
          "revoked",
          "expired"
        ]
      },
      "errors": {
        "type": "array"
      }
    }
  },
  "Health": {
    "type": "object",
    "required": [
      "status",
      "database"
    ],
    "properties": {
      "status": {
        "type": "string",
        "const": "ok"
      },
      "database": {
        "type": "string",
        "const": "ok"
      }
    }
  },
  "Id": {
    "type": "integer",
    "minimum": 1,
    "maximum": 9007199254740991
  },
  "Timestamp": {
    "type": "string"
  },
  "Total": {
    "type": "integer",
    "minimum": 0
  },
  "TotalCapped": {
    "type": "boolean"
  },
  "NextCursor": {
    "type": [
      "string",
      "null"
    ]
  },
  "Created": {
    "type": "object",
    "required": [
      "id",
      "createdAt"
    ],
    "properties": {
      "id": {
        "$ref": "Id"
      },
      "createdAt": {
        "$ref": "Timestamp"
      }
    }
  },
  "Accepted": {
    "type": "object",
    "required": [
      "accepted"
    ],
    "properties": {
      "accepted": {
        "type": "boolean",
        "const": true
      }
    }
  },
  "Name": {
    "type": "string",
    "minLength": 2,
    "maxLength": 100,
    "x-messages": {
      "x-visible": "Name must be at least 2 characters",
      "minLength": "Name must be at least 2 characters",
      "maxLength": "Name must be at most 100 characters",
      "type": "Name must be at least 2 characters",
      "required": "Name must be at least 2 characters"
    }
  },
  "Email": {
    "type": "string",
    "maxLength": 254,
    "pattern": "^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*\\.[A-Za-z]{2,63}$",
    "x-messages": {
      "pattern": "Please enter a valid email address",
      "maxLength": "Please enter a valid email address",
      "type": "Please enter a valid email address",
      "required": "Please enter a valid email address"
    }
  },
  "Phone": {
    "type": "string",
    "maxLength": 40,
    "x-messages": {
      "maxLength": "Phone must be at most 40 characters",
      "type": "Phone must be text"
    }
  },
  "Company": {
    "type": "string",
    "maxLength": 200,
    "x-messages": {
      "maxLength": "Company must be at most 200 characters",
      "type": "Company must be text"
    }
  },
  "Message": {
    "type": "string",
    "maxLength": 5000,
    "x-messages": {
      "maxLength": "Message must be at most 5000 characters",
      "type": "Message must be text"
    }
  },
  "ContactMessage": {
    "type": "string",
    "minLength": 10,
    "maxLength": 5000,
    "x-messages": {
      "minLength": "Message must be at least 10 characters",
      "maxLength": "Message must be at most 5000 characters",
      "type": "Message must be at least 10 characters",
      "required": "Message must be at least 10 characters"
    }
  },
  "Honeypot": {
    "type": "string",
    "maxLength": 1000
  },
  "LandingPage": {
    "type": "string",
    "maxLength": 1000,
    "pattern": "^(/[^?#]*)?$",
    "x-messages": {
      "pattern": "The landing page must be a path on this site",
      "maxLength": "The landing page must be at most 1000 characters",
      "type": "The landing page must be a path on this site"
    }
  },
  "ReferrerOrigin": {
    "type": "string",
    "maxLength": 300,
    "pattern": "^(https?://[A-Za-z0-9.-]+(:[0-9]{1,5})?)?$",
    "x-messages": {
      "pattern": "The referrer must be an origin such as https://example.com",
      "maxLength": "The referrer must be at most 300 characters",
      "type": "The referrer must be an origin such as https://example.com"
    }
  },
  "UtmValue": {
    "type": "string",
    "maxLength": 200,
    "x-messages": {
      "maxLength": "A campaign parameter must be at most 200 characters",
      "type": "A campaign parameter must be text"
    }
  },
  "SpamSolution": {
    "type": "string",
    "maxLength": 2000,
    "x-messages": {
      "maxLength": "The anti-spam check is too long; reload the page and send the form again",
      "type": "The anti-spam check must be text"
    }
  },
  "SpamCheck": {
    "type": "string",
    "enum": [
      "",
      "passed",
      "missing",
      "invalid",
      "expired",
      "replayed"
    ],
    "x-enum-labels": {
      "passed": "Passed",
      "missing": "No solution",
      "invalid": "Wrong solution",
      "expired": "Expired challenge",
      "replayed": "Solution used before"
    }
  },
  "Verified": {
    "type": "boolean"
  },
  "SpamChallenge": {
    "type": "object",
    "required": [
      "algorithm",
      "challenge",
      "maxnumber",
      "salt",
      "signature"
    ],
    "properties": {
      "algorithm": {
        "type": "string",
        "enum": [
          "SHA-256"
        ]
      },
      "challenge": {
        "type": "string"
      },
      "maxnumber": {
        "type": "integer",
        "minimum": 1
      },
      "salt": {
        "type": "string"
      },
      "signature": {
        "type": "string"
      }
    }
  },
  "SuspectedSpam": {
    "type": "object",
    "required": [
      "kind",
      "id",
      "createdAt",
      "reason",
      "name",
      "email",
      "company",
      "message"
    ],
    "properties": {
      "kind": {
        "$ref": "LeadType"
      },
      "id": {
        "$ref": "Id"
      },
      "createdAt": {
        "$ref": "Timestamp"
      },
      "reason": {
        "$ref": "SpamCheck"
      },
      "name": {
        "type": "string"
      },
      "email": {
        "type": "string"
      },
      "company": {
        "type": "string"
      },
      "message": {
        "type": "string"
      }
    }
  },
  "Attribution": {
    "type": "object",
    "required": [
      "landingPage",
      "referrer",
      "utmSource",
      "utmMedium",
      "utmCampaign",
      "utmTerm",
      "utmContent"
    ],
    "properties": {
      "landingPage": {
        "type": "string"
      },
      "referrer": {
        "type": "string"
      },
      "utmSource": {
        "type": "string"
      },
      "utmMedium": {
        "type": "string"
      },
      "utmCampaign": {
        "type": "string"
      },
      "utmTerm": {
        "type": "string"
      },
      "utmContent": {
        "type": "string"
      }
    }
  },
  "Service": {
    "type": "string",
    "enum": [
      "",
      "sms-ai",
      "data-lookups",
      "call-warmup",
      "all"
    ],
    "x-messages": {
      "enum": "Please choose a service from the list",
      "type": "Please choose a service from the list"
    },
    "x-enum-labels": {
      "sms-ai": "SMS & AI Messaging",
      "data-lookups": "Data Lookups",
      "call-warmup": "AI Call Warmup",
      "all": "All Services"
    }
  },
  "MonthlyVolume": {
    "type": "string",
    "enum": [
      "",
      "0-1k",
      "1k-10k",
      "10k-100k",
      "100k-1m",
      "1m+"
    ],
    "x-messages": {
      "enum": "Please choose a monthly volume from the list",
      "type": "Please choose a monthly volume from the list"
    },
    "x-enum-labels": {
      "0-1k": "0-1k",
      "1k-10k": "1k-10k",
      "10k-100k": "10k-100k",
      "100k-1m": "100k-1m",
      "1m+": "1m+"
    }
  },
  "PreferredDate": {
    "type": "string",
    "enum": [
      "",
      "today",
      "tomorrow",
      "this-week",
      "next-week",
      "flexible"
    ],
    "x-messages": {
      "enum": "Please choose a preferred date from the list",
      "type": "Please choose a preferred date from the list"
    },
    "x-enum-labels": {
      "today": "Today",
      "tomorrow": "Tomorrow",
      "this-week": "This Week",
      "next-week": "Next Week",
      "flexible": "Flexible"
    }
  },
  "PreferredTime": {
    "type": "string",
    "enum": [
      "",
      "morning",
      "afternoon",
      "evening",
      "flexible"
    ],
    "x-messages": {
      "enum": "Please choose a preferred time from the list",
      "type": "Please choose a preferred time from the list"
    },
    "x-enum-labels": {
      "morning": "Morning (9AM-12PM)",
      "afternoon": "Afternoon (12PM-5PM)",
      "evening": "Evening (5PM-8PM)",
      "flexible": "Flexible"
    }
  },
  "DemoStatus": {
    "type": "string",
    "enum": [
      "pending",
      "confirmed",
      "completed",
      "cancelled"
    ],
    "x-messages": {
      "enum": "Status must be one of pending, confirmed, completed, cancelled"
    }
  },
  "GetStartedStatus": {
    "type": "string",
    "enum": [
      "pending",
      "contacted",
      "active",
      "declined"
    ],
    "x-messages": {
      "enum": "Status must be one of pending, contacted, active, declined"
    }
  },
  "ContactInput": {
    "type": "object",
    "required": [
      "name",
      "email",
      "message"
    ],
    "properties": {
      "name": {
        "$ref": "Name",
        "title": "Name"
      },
      "email": {
        "$ref": "Email",
        "title": "Email"
      },
      "phone": {
        "$ref": "Phone",
        "title": "Phone"
      },
      "company": {
        "$ref": "Company",
        "title": "Company"
      },
      "service": {
        "$ref": "Service",
        "title": "Service Interest"
      },
      "message": {
        "$ref": "ContactMessage",
        "title": "Message"
      },
      "landingPage": {
        "$ref": "LandingPage"
      },
      "referrer": {
        "$ref": "ReferrerOrigin"
      },
      "utmSource": {
        "$ref": "UtmValue"
      },
      "utmMedium": {
        "$ref": "UtmValue"
      },
      "utmCampaign": {
        "$ref": "UtmValue"
      },
      "utmTerm": {
        "$ref": "UtmValue"
      },
      "utmContent": {
        "$ref": "UtmValue"
      },
      "altcha": {
        "$ref": "SpamSolution"
      },
      "website": {
        "$ref": "Honeypot"
      }
    },
    "x-form": {
      "submit": "Send Message",
      "failed": "Error sending message",
      "page": "/#contact",
      "sent": "/forms/contact-sent"
    }
  },
  "GetStartedInput": {
    "type": "object",
    "required": [
      "name",
      "email"
    ],
    "properties": {
      "name": {
        "$ref": "Name",
        "title": "Full Name"
      },
      "email": {
        "$ref": "Email",
        "title": "Email Address"
      },
      "phone": {
        "$ref": "Phone",
        "title": "Phone Number"
      },
      "company": {
        "$ref": "Company",
        "title": "Company Name"
      },
      "service": {
        "$ref": "Service",
        "title": "Primary Service Interest"
      },
      "monthlyVolume": {
        "$ref": "MonthlyVolume",
        "title": "Monthly Message Volume"
      },
      "message": {
        "$ref": "Message",
        "title": "Additional Information"
      },
      "landingPage": {
        "$ref": "LandingPage"
      },
      "referrer": {
        "$ref": "ReferrerOrigin"
      },
      "utmSource": {
        "$ref": "UtmValue"
      },
      "utmMedium": {
        "$ref": "UtmValue"
      },
      "utmCampaign": {
        "$ref": "UtmValue"
      },
      "utmTerm": {
        "$ref": "UtmValue"
      },
      "utmContent": {
        "$ref": "UtmValue"
      },
      "altcha": {
        "$ref": "SpamSolution"
      },
      "website": {
        "$ref": "Honeypot"
      }
    },
    "x-form": {
      "submit": "Get Started",
      "failed": "Error submitting request",
      "page": "/get-started",
      "sent": "/forms/get-started-sent"
    }
  },
  "DemoInput": {
    "type": "object",
    "required": [
      "name",
      "email"
    ],
    "properties": {
      "name": {
        "$ref": "Name",
        "title": "Full Name"
      },
      "email": {
        "$ref": "Email",
        "title": "Email Address"
      },
      "phone": {
        "$ref": "Phone",
        "title": "Phone Number"
      },
      "company": {
        "$ref": "Company",
        "title": "Company Name"
      },
      "preferredDate": {
        "$ref": "PreferredDate",
        "title": "Preferred Date"
      },
      "preferredTime": {
        "$ref": "PreferredTime",
        "title": "Preferred Time"
      },
      "message": {
        "$ref": "Message",
        "title": "What would you like to see in the demo?"
      },
      "landingPage": {
        "$ref": "LandingPage"
      },
      "referrer": {
        "$ref": "ReferrerOrigin"
      },
      "utmSource": {
        "$ref": "UtmValue"
      },
      "utmMedium": {
        "$ref": "UtmValue"
      },
      "utmCampaign": {
        "$ref": "UtmValue"
      },
      "utmTerm": {
        "$ref": "UtmValue"
      },
      "utmContent": {
        "$ref": "UtmValue"
      },
      "altcha": {
        "$ref": "SpamSolution"
      },
      "website": {
        "$ref": "Honeypot"
      }
    },
    "x-form": {
      "submit": "Schedule Demo",
      "failed": "Error scheduling demo",
      "page": "/schedule-demo",
      "sent": "/forms/demo-sent"
    }
  },
  "NewsletterInput": {
    "type": "object",
    "required": [
      "email"
    ],
    "properties": {
      "email": {
        "$ref": "Email",
        "title": "Email for our newsletter"
      },
      "consent": {
        "$ref": "NewsletterConsent"
      },
      "website": {
        "$ref": "Honeypot"
      }
    },
    "x-form": {
      "submit": "Subscribe",
      "failed": "Error subscribing",
      "page": "/#contact",
      "sent": "/forms/newsletter-sent"
    }
  },
  "NewsletterConsent": {
    "type": "string",
    "enum": [
      "newsletter-v1"
    ],
    "default": "newsletter-v1",
    "x-messages": {
      "enum": "Please reload the page and subscribe again",
      "type": "Please reload the page and subscribe again"
    },
    "x-enum-labels": {
      "newsletter-v1": "Get TextFlow product news and tips by email, about once a month. We will send you a link to confirm your address, and every newsletter has a one-click unsubscribe link."
    }
  },
  "Token": {
    "type": "string",
    "minLength": 20,
    "maxLength": 512,
    "pattern": "^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$",
    "x-messages": {
      "minLength": "This link is incomplete. Please open it again from the email.",
      "maxLength": "This link is incomplete. Please open it again from the email.",
      "pattern": "This link is incomplete. Please open it again from the email.",
      "type": "This link is incomplete. Please open it again from the email.",
      "required": "This link is incomplete. Please open it again from the email."
    }
  },
  "TokenInput": {
    "type": "object",
    "required": [
      "token"
    ],
    "properties": {
      "token": {
        "$ref": "Token"
      }
    }
  },
  "NewsletterConfirmed": {
    "type": "object",
    "required": [
      "confirmed"
    ],
    "properties": {
      "confirmed": {
        "type": "boolean",
        "const": true
      }
    }
  },
  "NewsletterUnsubscribed": {
    "type": "object",
    "required": [
      "unsubscribed"
    ],
    "properties": {
      "unsubscribed": {
        "type": "boolean",
        "const": true
      }
    }
  },
  "Contact": {
    "type": "object",
    "required": [
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
    "properties": {
      "assigneeId": {
        "$ref": "AssigneeId"
      },
      "id": {
        "$ref": "Id"
      },
      "name": {
        "type": "string"
      },
      "email": {
        "type": "string"
      },
      "phone": {
        "type": "string"
      },
      "company": {
        "type": "string"
      },
      "service": {
        "$ref": "Service"
      },
      "message": {
        "type": "string"
      },
      "createdAt": {
        "$ref": "Timestamp"
      },
      "spamCheck": {
        "$ref": "SpamCheck"
      },
      "verified": {
        "$ref": "Verified"
      },
      "attribution": {
        "$ref": "Attribution"
      }
    }
  },
  "DemoRequest": {
    "type": "object",
    "required": [
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
    "properties": {
      "assigneeId": {
        "$ref": "AssigneeId"
      },
      "id": {
        "$ref": "Id"
      },
      "name": {
        "type": "string"
      },
      "email": {
        "type": "string"
      },
      "phone": {
        "type": "string"
      },
      "company": {
        "type": "string"
      },
      "preferredDate": {
        "$ref": "PreferredDate"
      },
      "preferredTime": {
        "$ref": "PreferredTime"
      },
      "message": {
        "type": "string"
      },
      "status": {
        "$ref": "DemoStatus"
      },
      "createdAt": {
        "$ref": "Timestamp"
      },
      "spamCheck": {
        "$ref": "SpamCheck"
      },
      "verified": {
        "$ref": "Verified"
      },
      "attribution": {
        "$ref": "Attribution"
      },
      "invitation": {}
    }
  },
  "Invitation": {
    "type": "object",
    "required": [
      "uid",
      "sequence",
      "startsAt",
      "timeZone",
      "durationMinutes",
      "meetingUrl",
      "cancelled"
    ],
    "properties": {
      "uid": {
        "type": "string"
      },
      "sequence": {
        "type": "integer",
        "minimum": 0
      },
      "startsAt": {
        "$ref": "Timestamp"
      },
      "timeZone": {
        "type": "string"
      },
      "durationMinutes": {
        "type": "integer",
        "minimum": 15,
        "maximum": 480
      },
      "meetingUrl": {
        "type": [
          "string",
          "null"
        ]
      },
      "cancelled": {
        "type": "boolean"
      }
    }
  },
  "InvitationInput": {
    "type": "object",
    "required": [
      "date",
      "time",
      "timeZone",
      "durationMinutes"
    ],
    "properties": {
      "date": {
        "type": "string",
        "x-messages": {
          "format": "Date must be a real date (YYYY-MM-DD)",
          "type": "Date must be a real date (YYYY-MM-DD)",
          "required": "Date is required"
        }
      },
      "time": {
        "type": "string",
        "pattern": "^([01][0-9]|2[0-3]):[0-5][0-9]$",
        "x-messages": {
          "pattern": "Start time must be HH:MM (24-hour)",
          "type": "Start time must be HH:MM (24-hour)",
          "required": "Start time is required"
        }
      },
      "timeZone": {
        "type": "string",
        "minLength": 1,
        "maxLength": 64,
        "pattern": "^[A-Za-z][A-Za-z0-9_+/-]*$",
        "x-messages": {
          "minLength": "Time zone must be an IANA name such as Europe/Berlin",
          "maxLength": "Time zone must be an IANA name such as Europe/Berlin",
          "pattern": "Time zone must be an IANA name such as Europe/Berlin",
          "type": "Time zone must be an IANA name such as Europe/Berlin",
          "required": "Time zone is required"
        }
      },
      "durationMinutes": {
        "type": "integer",
        "minimum": 15,
        "maximum": 480,
        "x-messages": {
          "minimum": "Duration must be between 15 and 480 minutes",
          "maximum": "Duration must be between 15 and 480 minutes",
          "type": "Duration must be a whole number of minutes",
          "required": "Duration is required"
        }
      },
      "meetingUrl": {
        "type": "string",
        "maxLength": 2000,
        "pattern": "^https?://[^\\s<>\"]+$",
        "x-messages": {
          "pattern": "Meeting link must be an http:// or https:// address",
          "maxLength": "Meeting link must be at most 2000 characters",
          "type": "Meeting link must be an http:// or https:// address"
        }
      }
    }
  },
  "GetStartedRequest": {
    "type": "object",
    "required": [
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
    "properties": {
      "assigneeId": {
        "$ref": "AssigneeId"
      },
      "id": {
        "$ref": "Id"
      },
      "name": {
        "type": "string"
      },
      "email": {
        "type": "string"
      },
      "phone": {
        "type": "string"
      },
      "company": {
        "type": "string"
      },
      "service": {
        "$ref": "Service"
      },
      "monthlyVolume": {
        "$ref": "MonthlyVolume"
      },
      "message": {
        "type": "string"
      },
      "status": {
        "$ref": "GetStartedStatus"
      },
      "createdAt": {
        "$ref": "Timestamp"
      },
      "spamCheck": {
        "$ref": "SpamCheck"
      },
      "verified": {
        "$ref": "Verified"
      },
      "attribution": {
        "$ref": "Attribution"
      }
    }
  },
  "NewsletterStatus": {
    "type": "string",
    "enum": [
      "pending",
      "active",
      "inactive"
    ],
    "x-enum-labels": {
      "pending": "Pending",
      "active": "Active",
      "inactive": "Inactive"
    }
  },
  "NewsletterSubscriber": {
    "type": "object",
    "required": [
      "id",
      "email",
      "status",
      "isActive",
      "createdAt",
      "confirmedAt",
      "assigneeId"
    ],
    "properties": {
      "assigneeId": {
        "$ref": "AssigneeId"
      },
      "id": {
        "$ref": "Id"
      },
      "email": {
        "type": "string"
      },
      "status": {
        "$ref": "NewsletterStatus"
      },
      "isActive": {
        "type": "boolean"
      },
      "createdAt": {
        "$ref": "Timestamp"
      },
      "confirmedAt": {}
    }
  },
  "LoginInput": {
    "type": "object",
    "required": [
      "username",
      "password"
    ],
    "properties": {
      "username": {
        "type": "string",
        "minLength": 1,
        "maxLength": 100,
        "x-messages": {
          "minLength": "Username is required",
          "required": "Username is required",
          "type": "Username is required"
        }
      },
      "password": {
        "type": "string",
        "minLength": 1,
        "maxLength": 1024,
        "x-messages": {
          "minLength": "Password is required",
          "required": "Password is required",
          "type": "Password is required"
        }
      }
    }
  },
  "Session": {
    "type": "object",
    "required": [
      "username",
      "role",
      "expiresAt",
      "secondFactor",
      "signedInWith",
      "hasPassword"
    ],
    "properties": {
      "username": {
        "type": "string"
      },
      "signedInWith": {
        "type": "string",
        "enum": [
          "password",
          "single-sign-on"
        ]
      },
      "hasPassword": {
        "type": "boolean"
      },
      "role": {
        "$ref": "Role"
      },
      "expiresAt": {},
      "secondFactor": {
        "$ref": "SecondFactorStatus"
      }
    }
  },
  "SignInOptions": {
    "type": "object",
    "required": [
      "password",
      "singleSignOn"
    ],
    "properties": {
      "password": {
        "type": "string",
        "enum": [
          "all",
          "owner",
          "off"
        ]
      },
      "singleSignOn": {}
    }
  },
  "SingleSignOnSettings": {
    "type": "object",
    "required": [
      "configured",
      "issuer",
      "displayName",
      "redirectUri",
      "allowedDomains",
      "defaultRole",
      "password",
      "secondFactor"
    ],
    "properties": {
      "configured": {
        "type": "boolean"
      },
      "issuer": {
        "type": [
          "string",
          "null"
        ]
      },
      "displayName": {
        "type": [
          "string",
          "null"
        ]
      },
      "redirectUri": {
        "type": [
          "string",
          "null"
        ]
      },
      "allowedDomains": {
        "type": "array"
      },
      "defaultRole": {
        "$ref": "InvitedRole"
      },
      "password": {
        "type": "string",
        "enum": [
          "all",
          "owner",
          "off"
        ]
      },
      "secondFactor": {
        "type": "string",
        "enum": [
          "off",
          "optional",
          "required"
        ]
      }
    }
  },
  "SingleSignOnRefusal": {
    "type": "string",
    "enum": [
      "not-known",
      "deactivated",
      "unverified-email",
      "cancelled",
      "expired",
      "failed",
      "unavailable"
    ]
  },
  "ProviderSignOut": {
    "type": "object",
    "required": [
      "providerSignOutUrl"
    ],
    "properties": {
      "providerSignOutUrl": {
        "type": "string"
      }
    }
  },
  "Role": {
    "type": "string",
    "enum": [
      "viewer",
      "member",
      "admin",
      "owner"
    ],
    "x-enum-labels": {
      "viewer": "Viewer",
      "member": "Member",
      "admin": "Admin",
      "owner": "Owner"
    }
  },
  "TeamMember": {
    "type": "object",
    "required": [
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
    "properties": {
      "id": {
        "$ref": "Id"
      },
      "username": {
        "type": "string"
      },
      "role": {
        "$ref": "Role"
      },
      "createdAt": {
        "$ref": "Timestamp"
      },
      "email": {
        "type": [
          "string",
          "null"
        ]
      },
      "active": {
        "type": "boolean"
      },
      "deactivatedAt": {},
      "assignedLeads": {
        "type": "integer",
        "minimum": 0
      },
      "openLeads": {
        "type": "integer",
        "minimum": 0
      }
    }
  },
  "TeamMemberRef": {
    "type": "object",
    "required": [
      "id",
      "username"
    ],
    "properties": {
      "id": {
        "$ref": "Id"
      },
      "username": {
        "type": "string"
      }
    }
  },
  "AssignmentInput": {
    "type": "object",
    "required": [
      "assigneeId",
      "expectedAssigneeId"
    ],
    "properties": {
      "assigneeId": {},
      "expectedAssigneeId": {}
    }
  },
  "LeadAssignment": {
    "type": "object",
    "required": [
      "kind",
      "id",
      "assignee"
    ],
    "properties": {
      "kind": {
        "$ref": "LeadKind"
      },
      "id": {
        "$ref": "Id"
      },
      "assignee": {}
    }
  },
  "BulkAssignmentInput": {
    "type": "object",
    "required": [
      "assigneeId",
      "leads"
    ],
    "properties": {
      "assigneeId": {},
      "leads": {
        "type": "array"
      }
    }
  },
  "BulkAssignmentResult": {
    "type": "object",
    "required": [
      "id",
      "outcome",
      "assigneeId"
    ],
    "properties": {
      "id": {
        "$ref": "Id"
      },
      "outcome": {
        "type": "string",
        "enum": [
          "assigned",
          "conflict",
          "not-found"
        ]
      },
      "assigneeId": {}
    }
  },
  "Reassigned": {
    "type": "object",
    "required": [
      "moved",
      "total"
    ],
    "properties": {
      "moved": {
        "type": "object"
      },
      "total": {
        "type": "integer",
        "minimum": 0
      }
    }
  },
  "TeamRoleInput": {
    "type": "object",
    "required": [
      "role"
    ],
    "properties": {
      "role": {
        "$ref": "Role"
      }
    }
  },
  "InvitedRole": {
    "type": "string",
    "enum": [
      "viewer",
      "member",
      "admin"
    ],
    "x-enum-labels": {
      "viewer": "Viewer",
      "member": "Member",
      "admin": "Admin"
    }
  },
  "TeamInvitationInput": {
    "type": "object",
    "required": [
      "email",
      "role"
    ],
    "properties": {
      "email": {
        "$ref": "Email"
      },
      "role": {
        "$ref": "InvitedRole"
      }
    }
  },
  "TeamInvitation": {
    "type": "object",
    "required": [
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
    "properties": {
      "id": {
        "$ref": "Id"
      },
      "email": {
        "type": "string"
      },
      "role": {
        "$ref": "InvitedRole"
      },
      "invitedBy": {
        "type": "string"
      },
      "createdAt": {
        "$ref": "Timestamp"
      },
      "sentAt": {},
      "expiresAt": {
        "$ref": "Timestamp"
      },
      "state": {
        "type": "string",
        "enum": [
          "pending",
          "expired"
        ],
        "x-enum-labels": {
          "pending": "Pending",
          "expired": "Expired"
        }
      },
      "delivery": {
        "type": "string",
        "enum": [
          "sent",
          "held",
          "failed"
        ],
        "x-enum-labels": {
          "sent": "Sent",
          "held": "Held (no SMTP server set)",
          "failed": "Failed"
        }
      },
      "deliveryError": {
        "type": [
          "string",
          "null"
        ]
      },
      "heldLink": {
        "type": [
          "string",
          "null"
        ]
      }
    }
  },
  "TeamInvitationToken": {
    "type": "object",
    "required": [
      "token"
    ],
    "properties": {
      "token": {
        "type": "string",
        "minLength": 1,
        "maxLength": 100,
        "pattern": "^[A-Za-z0-9_-]+$",
        "x-messages": {
          "required": "The invitation link is incomplete",
          "minLength": "The invitation link is incomplete",
          "maxLength": "The invitation link is not valid",
          "pattern": "The invitation link is not valid"
        }
      }
    }
  },
  "TeamInvitationOffer": {
    "type": "object",
    "required": [
      "email",
      "role",
      "expiresAt"
    ],
    "properties": {
      "email": {
        "type": "string"
      },
      "role": {
        "$ref": "InvitedRole"
      },
      "expiresAt": {
        "$ref": "Timestamp"
      }
    }
  },
  "TeamInvitationAcceptance": {
    "type": "object",
    "required": [
      "token",
      "email",
      "username",
      "password"
    ],
    "properties": {
      "token": {
        "type": "string",
        "minLength": 1,
        "maxLength": 100,
        "pattern": "^[A-Za-z0-9_-]+$",
        "x-messages": {
          "required": "The invitation link is incomplete",
          "minLength": "The invitation link is incomplete",
          "maxLength": "The invitation link is not valid",
          "pattern": "The invitation link is not valid"
        }
      },
      "email": {
        "type": "string",
        "minLength": 1,
        "maxLength": 254,
        "x-messages": {
          "required": "Email is required",
          "minLength": "Email is required",
          "maxLength": "Email must be at most 254 characters"
        }
      },
      "username": {
        "type": "string",
        "minLength": 1,
        "maxLength": 100,
        "pattern": "^\\s*[A-Za-z0-9][A-Za-z0-9._@-]{0,99}\\s*$",
        "x-messages": {
          "required": "Username is required",
          "minLength": "Username is required",
          "maxLength": "Username must be at most 100 characters",
          "pattern": "Username must be letters a-z, digits, \".\", \"_\", \"@\" or \"-\", starting with a letter or digit"
        }
      },
      "password": {
        "type": "string",
        "minLength": 12,
        "maxLength": 1024,
        "x-messages": {
          "required": "Password is required",
          "minLength": "Password must be at least 12 characters",
          "maxLength": "Password must be at most 1024 characters"
        }
      }
    }
  },
  "AuditAction": {
    "type": "string",
    "enum": [
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
    "x-enum-labels": {
      "session.signed-in": "Signed in",
      "session.sign-in-failed": "Sign-in failed",
      "session.signed-out": "Signed out",
      "second-factor.enrolled": "Second factor set up",
      "second-factor.removed": "Second factor removed",
      "second-factor.recovery-code-used": "Recovery code used",
      "second-factor.recovery-codes-renewed": "Recovery codes renewed",
      "account.created": "Account created",
      "account.password-reset": "Password reset",
      "lead.status-changed": "Status changed",
      "leads.exported": "Leads exported",
      "audit.exported": "Audit log exported",
      "webhook.created": "Webhook created",
      "webhook.changed": "Webhook changed",
      "webhook.deleted": "Webhook deleted",
      "webhook.secret-rotated": "Webhook secret rotated",
      "webhook.test-sent": "Webhook test sent",
      "webhook.redelivered": "Webhook redelivered",
      "demo-invitation.sent": "Demo invitation sent",
      "demo-invitation.moved": "Demo invitation moved",
      "demo-invitation.cancelled": "Demo invitation cancelled",
      "mail.resent": "Email sent again",
      "note.created": "Note written",
      "note.deleted": "Note deleted",
      "lead.assigned": "Assignee changed",
      "leads.reassigned": "Leads reassigned",
      "account.role-changed": "Role changed",
      "account.deactivated": "Account deactivated",
      "account.reactivated": "Account reactivated",
      "team-invitation.sent": "Team invitation sent",
      "team-invitation.accepted": "Team invitation accepted",
      "team-invitation.revoked": "Team invitation revoked",
      "personal-data.searched": "Personal data looked up",
      "personal-data.exported": "Personal data exported",
      "person.erased": "Person erased",
      "lead.corrected": "Lead corrected",
      "retention.ran": "Retention run",
      "lead.released-from-spam": "Released from suspected spam",
      "account.linked-to-provider": "Linked to the identity provider",
      "account.email-set": "Address set",
      "demo-schedule.changed": "Demo schedule changed",
      "demo-schedule.removed": "Demo schedule removed",
      "demo.booked": "Demo booked by the prospect",
      "demo.rescheduled": "Demo moved by the prospect",
      "demo.cancelled": "Demo cancelled by the prospect"
    }
  },
  "AuditActorKind": {
    "type": "string",
    "enum": [
      "account",
      "cli",
      "system",
      "anonymous"
    ],
    "x-enum-labels": {
      "account": "Account",
      "cli": "Command line",
      "system": "System",
      "anonymous": "Anonymous"
    }
  },
  "AuditTargetType": {
    "type": "string",
    "enum": [
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
    "x-enum-labels": {
      "account": "Account",
      "contact": "Contact",
      "demo": "Demo",
      "get-started": "Get Started",
      "newsletter": "Newsletter",
      "webhook-endpoint": "Webhook endpoint",
      "webhook-delivery": "Webhook delivery",
      "mail-message": "Email",
      "audit-log": "Audit log",
      "team-invitation": "Team invitation"
    }
  },
  "AuditEntry": {
    "type": "object",
    "required": [
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
    "properties": {
      "id": {
        "$ref": "Id"
      },
      "at": {
        "$ref": "Timestamp"
      },
      "actor": {
        "type": "object"
      },
      "ip": {
        "type": [
          "string",
          "null"
        ]
      },
      "userAgent": {
        "type": [
          "string",
          "null"
        ]
      },
      "requestId": {
        "type": [
          "string",
          "null"
        ]
      },
      "action": {
        "$ref": "AuditAction"
      },
      "target": {},
      "changes": {
        "type": "object"
      },
      "details": {
        "type": "object"
      }
    }
  },
  "SecondFactorStatus": {
    "type": "object",
    "required": [
      "policy",
      "enrolled",
      "mustEnrol",
      "recoveryCodesLeft"
    ],
    "properties": {
      "policy": {
        "type": "string",
        "enum": [
          "off",
          "optional",
          "required"
        ]
      },
      "enrolled": {
        "type": "boolean"
      },
      "mustEnrol": {
        "type": "boolean"
      },
      "recoveryCodesLeft": {
        "type": "integer",
        "minimum": 0
      }
    }
  },
  "SecondFactorChallenge": {
    "type": "object",
    "required": [
      "secondFactor"
    ],
    "properties": {
      "secondFactor": {
        "type": "object"
      }
    }
  },
  "CodeInput": {
    "type": "object",
    "required": [
      "code"
    ],
    "properties": {
      "code": {
        "type": "string",
        "minLength": 6,
        "maxLength": 40,
        "pattern": "^[0-9A-Za-z -]+$",
        "x-messages": {
          "minLength": "Enter the 6-digit code from your authenticator app",
          "maxLength": "That code is not right",
          "pattern": "That code is not right",
          "type": "Enter the 6-digit code from your authenticator app",
          "required": "Enter the 6-digit code from your authenticator app"
        }
      }
    }
  },
  "EnrolmentInput": {
    "type": "object",
    "required": [],
    "properties": {
      "password": {
        "type": "string",
        "minLength": 1,
        "maxLength": 1024,
        "x-messages": {
          "required": "Password is required",
          "minLength": "Password is required"
        }
      },
      "code": {
        "type": "string",
        "minLength": 6,
        "maxLength": 40,
        "pattern": "^[0-9A-Za-z -]+$",
        "x-messages": {
          "minLength": "Enter the 6-digit code from your authenticator app, or a recovery code",
          "maxLength": "That code is not right",
          "pattern": "That code is not right",
          "required": "Enter the 6-digit code from your authenticator app, or a recovery code"
        }
      }
    }
  },
  "SecondFactorEnrolment": {
    "type": "object",
    "required": [
      "secret",
      "otpauthUri",
      "qrCode",
      "expiresAt"
    ],
    "properties": {
      "secret": {
        "type": "string"
      },
      "otpauthUri": {
        "type": "string"
      },
      "qrCode": {
        "type": "string"
      },
      "expiresAt": {}
    }
  },
  "RecoveryCodes": {
    "type": "object",
    "required": [
      "recoveryCodes",
      "secondFactor"
    ],
    "properties": {
      "recoveryCodes": {
        "type": "array"
      },
      "secondFactor": {
        "$ref": "SecondFactorStatus"
      }
    }
  },
  "LeadType": {
    "type": "string",
    "enum": [
      "contact",
      "demo",
      "get-started"
    ]
  },
  "Overview": {
    "type": "object",
    "required": [
      "counts",
      "recent",
      "daily",
      "sources"
    ],
    "properties": {
      "counts": {
        "type": "object"
      },
      "recent": {
        "type": "array"
      },
      "sources": {
        "type": "array"
      },
      "daily": {
        "type": "array"
      }
    }
  },
  "LeadKind": {
    "type": "string",
    "enum": [
      "contact",
      "demo",
      "get-started",
      "newsletter"
    ],
    "x-messages": {
      "enum": "Lead kind must be one of contact, demo, get-started, newsletter"
    },
    "x-enum-labels": {
      "contact": "Contact",
      "demo": "Demo",
      "get-started": "Get Started",
      "newsletter": "Newsletter"
    }
  },
  "MailTemplate": {
    "type": "string",
    "enum": [
      "sales-alert",
      "acknowledgment",
      "demo-invitation",
      "demo-cancellation",
      "newsletter-confirmation",
      "lead-assigned"
    ],
    "x-enum-labels": {
      "sales-alert": "Sales alert",
      "acknowledgment": "Acknowledgment",
      "demo-invitation": "Demo invitation",
      "demo-cancellation": "Demo cancellation",
      "newsletter-confirmation": "Newsletter confirmation",
      "lead-assigned": "Assigned to you"
    }
  },
  "MailStatus": {
    "type": "string",
    "enum": [
      "queued",
      "sending",
      "sent",
      "failed",
      "held"
    ],
    "x-enum-labels": {
      "queued": "Queued",
      "sending": "Sending",
      "sent": "Sent",
      "failed": "Failed",
      "held": "Held"
    }
  },
  "LeadEventType": {
    "type": "string",
    "enum": [
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
    "x-enum-labels": {
      "received": "Received",
      "subscribed": "Subscription requested",
      "queued": "Email queued",
      "sent": "Email sent",
      "retrying": "Delivery failed, will retry",
      "interrupted": "Sending interrupted, will retry",
      "failed": "Email failed",
      "held": "Email held: email is not configured",
      "resent": "Email queued again",
      "status-changed": "Status changed",
      "invitation-sent": "Invitation sent",
      "invitation-updated": "Invitation moved",
      "invitation-cancelled": "Invitation cancelled",
      "confirmed": "Subscription confirmed",
      "unsubscribed": "Unsubscribed",
      "deactivated": "Deactivated in the desk",
      "assigned": "Assigned",
      "unassigned": "Unassigned"
    }
  },
  "LeadEvent": {
    "type": "object",
    "required": [
      "at",
      "type",
      "messageId",
      "template",
      "actor",
      "detail"
    ],
    "properties": {
      "at": {
        "$ref": "Timestamp"
      },
      "type": {
        "$ref": "LeadEventType"
      },
      "messageId": {},
      "template": {},
      "actor": {
        "type": [
          "string",
          "null"
        ]
      },
      "detail": {
        "type": [
          "string",
          "null"
        ]
      }
    }
  },
  "MailMessageSummary": {
    "type": "object",
    "required": [
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
    "properties": {
      "id": {
        "$ref": "Id"
      },
      "template": {
        "$ref": "MailTemplate"
      },
      "revision": {
        "type": "integer",
        "minimum": 0
      },
      "status": {
        "$ref": "MailStatus"
      },
      "recipients": {
        "type": "array"
      },
      "subject": {
        "type": [
          "string",
          "null"
        ]
      },
      "attempts": {
        "type": "integer",
        "minimum": 0
      },
      "lastError": {
        "type": [
          "string",
          "null"
        ]
      },
      "createdAt": {
        "$ref": "Timestamp"
      },
      "sentAt": {},
      "canResend": {
        "type": "boolean"
      }
    }
  },
  "MailMessage": {
    "type": "object",
    "required": [
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
    "properties": {
      "id": {
        "$ref": "Id"
      },
      "template": {
        "$ref": "MailTemplate"
      },
      "revision": {
        "type": "integer",
        "minimum": 0
      },
      "status": {
        "$ref": "MailStatus"
      },
      "recipients": {
        "type": "array"
      },
      "subject": {
        "type": [
          "string",
          "null"
        ]
      },
      "attempts": {
        "type": "integer",
        "minimum": 0
      },
      "lastError": {
        "type": [
          "string",
          "null"
        ]
      },
      "createdAt": {
        "$ref": "Timestamp"
      },
      "sentAt": {},
      "canResend": {
        "type": "boolean"
      },
      "leadKind": {
        "$ref": "LeadKind"
      },
      "leadId": {
        "$ref": "Id"
      },
      "sender": {
        "type": [
          "string",
          "null"
        ]
      },
      "html": {
        "type": [
          "string",
          "null"
        ]
      },
      "text": {
        "type": [
          "string",
          "null"
        ]
      },
      "calendar": {
        "type": [
          "string",
          "null"
        ]
      },
      "smtpResponse": {
        "type": [
          "string",
          "null"
        ]
      }
    }
  },
  "LeadNoteInput": {
    "type": "object",
    "required": [
      "text"
    ],
    "properties": {
      "text": {
        "type": "string",
        "minLength": 1,
        "maxLength": 5000,
        "x-messages": {
          "minLength": "Note must not be empty",
          "maxLength": "Note must be at most 5000 characters",
          "type": "Note must be text",
          "required": "Note must not be empty"
        }
      }
    }
  },
  "NoteAccount": {
    "type": "object",
    "required": [
      "id",
      "username"
    ],
    "properties": {
      "id": {
        "$ref": "Id"
      },
      "username": {
        "type": "string"
      }
    }
  },
  "LeadNote": {
    "type": "object",
    "required": [
      "id",
      "at",
      "author",
      "text",
      "deletableUntil",
      "deleted"
    ],
    "properties": {
      "id": {
        "$ref": "Id"
      },
      "at": {
        "$ref": "Timestamp"
      },
      "author": {
        "$ref": "NoteAccount"
      },
      "text": {
        "type": [
          "string",
          "null"
        ]
      },
      "deletableUntil": {
        "$ref": "Timestamp"
      },
      "deleted": {}
    }
  },
  "LeadHistory": {
    "type": "object",
    "required": [
      "kind",
      "id",
      "events",
      "messages"
    ],
    "properties": {
      "kind": {
        "$ref": "LeadKind"
      },
      "id": {
        "$ref": "Id"
      },
      "events": {
        "type": "array"
      },
      "messages": {
        "type": "array"
      }
    }
  },
  "DeliveryHealth": {
    "type": "object",
    "required": [
      "queued",
      "retrying",
      "failed",
      "held",
      "emailConfigured",
      "lastError"
    ],
    "properties": {
      "queued": {
        "type": "integer",
        "minimum": 0
      },
      "retrying": {
        "type": "integer",
        "minimum": 0
      },
      "failed": {
        "type": "integer",
        "minimum": 0
      },
      "held": {
        "type": "integer",
        "minimum": 0
      },
      "emailConfigured": {
        "type": "boolean"
      },
      "lastError": {}
    }
  },
  "NullableTimestamp": {
    "type": [
      "string",
      "null"
    ]
  },
  "WebhookEvent": {
    "type": "string",
    "enum": [
      "lead.created",
      "lead.status_changed",
      "demo.scheduled",
      "newsletter.confirmed",
      "newsletter.unsubscribed",
      "lead.assigned",
      "person.erased",
      "demo.booked"
    ],
    "x-messages": {
      "enum": "Event must be one of lead.created, lead.status_changed, demo.scheduled, newsletter.confirmed, newsletter.unsubscribed, lead.assigned, person.erased, demo.booked"
    },
    "x-enum-labels": {
      "lead.assigned": "Lead assigned",
      "lead.created": "Lead created",
      "lead.status_changed": "Lead status changed",
      "demo.scheduled": "Demo scheduled",
      "demo.booked": "Demo booked by the prospect",
      "newsletter.confirmed": "Newsletter subscription confirmed",
      "newsletter.unsubscribed": "Newsletter unsubscribed",
      "person.erased": "Person erased"
    }
  },
  "WebhookUrl": {
    "type": "string",
    "maxLength": 2000,
    "pattern": "^[Hh][Tt][Tt][Pp][Ss]?://[^\\s]+$",
    "x-messages": {
      "pattern": "Enter the endpoint's full URL, starting with https://",
      "maxLength": "The URL must be at most 2000 characters",
      "type": "Enter the endpoint's full URL, starting with https://",
      "required": "Enter the endpoint's full URL, starting with https://"
    }
  },
  "WebhookDescription": {
    "type": "string",
    "maxLength": 500,
    "x-messages": {
      "maxLength": "Description must be at most 500 characters",
      "type": "Description must be text"
    }
  },
  "WebhookEvents": {
    "type": "array",
    "x-messages": {
      "minItems": "Choose at least one event",
      "uniqueItems": "Choose each event once",
      "type": "Choose at least one event",
      "required": "Choose at least one event"
    }
  },
  "WebhookLeadKinds": {
    "type": "array",
    "x-messages": {
      "uniqueItems": "Choose each lead kind once",
      "type": "Lead kinds must be a list"
    }
  },
  "WebhookSecret": {
    "type": "string",
    "pattern": "^whsec_[A-Za-z0-9+/]+={0,2}$"
  },
  "WebhookDisabledReason": {
    "type": [
      "string",
      "null"
    ],
    "enum": [
      "manual",
      "failing",
      null
    ],
    "x-enum-labels": {
      "manual": "Disabled in the desk",
      "failing": "Disabled automatically after failing for 5 days without a single success"
    }
  },
  "WebhookEndpointInput": {
    "type": "object",
    "required": [
      "url",
      "events"
    ],
    "properties": {
      "url": {
        "$ref": "WebhookUrl"
      },
      "description": {
        "$ref": "WebhookDescription"
      },
      "events": {
        "$ref": "WebhookEvents"
      },
      "leadKinds": {
        "$ref": "WebhookLeadKinds"
      },
      "enabled": {
        "type": "boolean",
        "default": true
      }
    }
  },
  "WebhookEndpointChanges": {
    "type": "object",
    "required": [],
    "properties": {
      "url": {
        "$ref": "WebhookUrl"
      },
      "description": {
        "$ref": "WebhookDescription"
      },
      "events": {
        "$ref": "WebhookEvents"
      },
      "leadKinds": {
        "$ref": "WebhookLeadKinds"
      },
      "enabled": {
        "type": "boolean"
      }
    }
  },
  "WebhookEndpoint": {
    "type": "object",
    "required": [
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
    "properties": {
      "id": {
        "$ref": "Id"
      },
      "url": {
        "type": "string"
      },
      "description": {
        "type": "string"
      },
      "events": {
        "type": "array"
      },
      "leadKinds": {
        "type": "array"
      },
      "enabled": {
        "type": "boolean"
      },
      "disabledReason": {
        "$ref": "WebhookDisabledReason"
      },
      "disabledAt": {},
      "failingSince": {},
      "previousSecretExpiresAt": {},
      "createdAt": {
        "$ref": "Timestamp"
      },
      "updatedAt": {
        "$ref": "Timestamp"
      }
    }
  },
  "WebhookEndpointWithSecret": {
    "type": "object",
    "required": [
      "endpoint",
      "secret"
    ],
    "properties": {
      "endpoint": {
        "$ref": "WebhookEndpoint"
      },
      "secret": {
        "$ref": "WebhookSecret"
      }
    }
  },
  "WebhookDeliveryStatus": {
    "type": "string",
    "enum": [
      "pending",
      "succeeded",
      "failed"
    ],
    "x-messages": {
      "enum": "Status must be one of pending, succeeded, failed"
    },
    "x-enum-labels": {
      "pending": "Pending",
      "succeeded": "Succeeded",
      "failed": "Failed"
    }
  },
  "LeadRef": {
    "type": "object",
    "required": [
      "kind",
      "id"
    ],
    "properties": {
      "kind": {
        "$ref": "LeadKind"
      },
      "id": {
        "$ref": "Id"
      }
    }
  },
  "WebhookAttempt": {
    "type": "object",
    "required": [
      "attempt",
      "startedAt",
      "statusCode",
      "durationMs",
      "responseExcerpt",
      "error"
    ],
    "properties": {
      "attempt": {
        "type": "integer",
        "minimum": 1
      },
      "startedAt": {
        "$ref": "Timestamp"
      },
      "statusCode": {
        "type": [
          "integer",
          "null"
        ]
      },
      "durationMs": {
        "type": "integer",
        "minimum": 0
      },
      "responseExcerpt": {
        "type": "string"
      },
      "error": {
        "type": [
          "string",
          "null"
        ]
      }
    }
  },
  "WebhookDelivery": {
    "type": "object",
    "required": [
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
    "properties": {
      "id": {
        "$ref": "Id"
      },
      "endpointId": {
        "$ref": "Id"
      },
      "webhookId": {
        "type": "string"
      },
      "event": {
        "$ref": "WebhookDeliveryEvent"
      },
      "lead": {},
      "status": {
        "$ref": "WebhookDeliveryStatus"
      },
      "attempts": {
        "type": "integer",
        "minimum": 0
      },
      "lastAttempt": {},
      "nextAttemptAt": {},
      "redeliveryOf": {
        "type": [
          "integer",
          "null"
        ]
      },
      "createdAt": {
        "$ref": "Timestamp"
      }
    }
  },
  "WebhookDeliveryDetail": {
    "type": "object",
    "required": [
      "delivery",
      "attempts",
      "payload"
    ],
    "properties": {
      "delivery": {
        "$ref": "WebhookDelivery"
      },
      "attempts": {
        "type": "array"
      },
      "payload": {
        "type": "object"
      }
    }
  },
  "LeadCreatedEvent": {
    "type": "object",
    "required": [
      "type",
      "timestamp",
      "data"
    ],
    "properties": {
      "type": {
        "type": "string",
        "const": "lead.created"
      },
      "timestamp": {},
      "data": {}
    }
  },
  "LeadStatusChangedEvent": {
    "type": "object",
    "required": [
      "type",
      "timestamp",
      "data"
    ],
    "properties": {
      "type": {
        "type": "string",
        "const": "lead.status_changed"
      },
      "timestamp": {},
      "data": {}
    }
  },
  "DemoScheduledEvent": {
    "type": "object",
    "required": [
      "type",
      "timestamp",
      "data"
    ],
    "properties": {
      "type": {
        "type": "string",
        "const": "demo.scheduled"
      },
      "timestamp": {},
      "data": {
        "type": "object"
      }
    }
  },
  "DemoBookedEvent": {
    "type": "object",
    "required": [
      "type",
      "timestamp",
      "data"
    ],
    "properties": {
      "type": {
        "type": "string",
        "const": "demo.booked"
      },
      "timestamp": {},
      "data": {
        "type": "object"
      }
    }
  },
  "NewsletterConfirmedEvent": {
    "type": "object",
    "required": [
      "type",
      "timestamp",
      "data"
    ],
    "properties": {
      "type": {
        "type": "string",
        "const": "newsletter.confirmed"
      },
      "timestamp": {},
      "data": {
        "type": "object"
      }
    }
  },
  "NewsletterUnsubscribedEvent": {
    "type": "object",
    "required": [
      "type",
      "timestamp",
      "data"
    ],
    "properties": {
      "type": {
        "type": "string",
        "const": "newsletter.unsubscribed"
      },
      "timestamp": {},
      "data": {
        "type": "object"
      }
    }
  },
  "LeadAssignedEvent": {
    "type": "object",
    "required": [
      "type",
      "timestamp",
      "data"
    ],
    "properties": {
      "type": {
        "type": "string",
        "const": "lead.assigned"
      },
      "timestamp": {},
      "data": {
        "type": "object"
      }
    }
  },
  "WebhookTestEvent": {
    "type": "object",
    "required": [
      "type",
      "timestamp",
      "data"
    ],
    "properties": {
      "type": {
        "type": "string",
        "const": "webhook.test"
      },
      "timestamp": {
        "$ref": "Timestamp"
      },
      "data": {
        "type": "object"
      }
    }
  },
  "PersonErasedEvent": {
    "type": "object",
    "required": [
      "type",
      "timestamp",
      "data"
    ],
    "properties": {
      "type": {
        "type": "string",
        "const": "person.erased"
      },
      "timestamp": {},
      "data": {
        "type": "object"
      }
    }
  },
  "PersonalEmail": {
    "type": "object",
    "required": [
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
    "properties": {
      "id": {
        "$ref": "Id"
      },
      "lead": {
        "$ref": "LeadRef"
      },
      "template": {
        "$ref": "MailTemplate"
      },
      "status": {
        "$ref": "MailStatus"
      },
      "recipients": {
        "type": "array"
      },
      "subject": {
        "type": [
          "string",
          "null"
        ]
      },
      "text": {
        "type": [
          "string",
          "null"
        ]
      },
      "createdAt": {
        "$ref": "Timestamp"
      },
      "sentAt": {
        "$ref": "NullableTimestamp"
      }
    }
  },
  "PersonalWebhookDelivery": {
    "type": "object",
    "required": [
      "id",
      "endpointId",
      "event",
      "lead",
      "status",
      "createdAt",
      "payload",
      "attempts"
    ],
    "properties": {
      "id": {
        "$ref": "Id"
      },
      "endpointId": {
        "$ref": "Id"
      },
      "event": {
        "type": "string"
      },
      "lead": {
        "$ref": "LeadRef"
      },
      "status": {
        "$ref": "WebhookDeliveryStatus"
      },
      "createdAt": {
        "$ref": "Timestamp"
      },
      "payload": {
        "type": [
          "object",
          "null"
        ]
      },
      "attempts": {
        "type": "array"
      }
    }
  },
  "PersonalConsent": {
    "type": "object",
    "required": [
      "id",
      "wording",
      "wordingText",
      "ip",
      "requestedAt",
      "confirmedAt",
      "confirmedIp"
    ],
    "properties": {
      "id": {
        "$ref": "Id"
      },
      "wording": {
        "type": "string"
      },
      "wordingText": {
        "type": "string"
      },
      "ip": {
        "type": "string"
      },
      "requestedAt": {
        "$ref": "Timestamp"
      },
      "confirmedAt": {
        "$ref": "NullableTimestamp"
      },
      "confirmedIp": {
        "type": [
          "string",
          "null"
        ]
      }
    }
  },
  "PersonalData": {
    "type": "object",
    "required": [
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
    "properties": {
      "email": {
        "type": [
          "string",
          "null"
        ]
      },
      "generatedAt": {
        "$ref": "Timestamp"
      },
      "leads": {
        "type": "object"
      },
      "newsletter": {
        "type": "object"
      },
      "emails": {
        "type": "array"
      },
      "demoInvitations": {
        "type": "array"
      },
      "webhookDeliveries": {
        "type": "array"
      },
      "notes": {
        "type": "array"
      },
      "timeline": {
        "type": "array"
      },
      "auditEntries": {
        "type": "array"
      },
      "suspectedSpam": {
        "type": "array"
      },
      "idempotencyKeys": {
        "type": "array"
      }
    }
  },
  "ErasureInput": {
    "type": "object",
    "required": [
      "email"
    ],
    "properties": {
      "email": {
        "type": "string",
        "minLength": 3,
        "maxLength": 254,
        "x-messages": {
          "minLength": "Give the address to erase",
          "maxLength": "Give the address to erase",
          "type": "Give the address to erase",
          "required": "Give the address to erase"
        }
      }
    }
  },
  "Erasure": {
    "type": "object",
    "required": [
      "leads",
      "emails",
      "webhookDeliveries",
      "notes",
      "suspectedSpam"
    ],
    "properties": {
      "leads": {
        "type": "array"
      },
      "emails": {
        "type": "integer",
        "minimum": 0
      },
      "webhookDeliveries": {
        "type": "integer",
        "minimum": 0
      },
      "notes": {
        "type": "integer",
        "minimum": 0
      },
      "suspectedSpam": {
        "type": "integer",
        "minimum": 0
      }
    }
  },
  "LeadCorrection": {
    "type": "object",
    "required": [],
    "properties": {
      "name": {
        "$ref": "Name"
      },
      "email": {
        "$ref": "Email"
      },
      "phone": {
        "$ref": "Phone"
      },
      "company": {
        "$ref": "Company"
      }
    }
  },
  "LeadCorrected": {
    "type": "object",
    "required": [
      "lead",
      "changed"
    ],
    "properties": {
      "lead": {
        "$ref": "LeadRef"
      },
      "changed": {
        "type": "array"
      }
    }
  },
  "DemoSlot": {
    "type": "object",
    "required": [
      "start",
      "end"
    ],
    "properties": {
      "start": {
        "$ref": "Timestamp"
      },
      "end": {
        "$ref": "Timestamp"
      }
    }
  },
  "DemoBooking": {
    "type": "object",
    "required": [
      "start",
      "end",
      "hostTimeZone",
      "host"
    ],
    "properties": {
      "start": {
        "$ref": "Timestamp"
      },
      "end": {
        "$ref": "Timestamp"
      },
      "hostTimeZone": {
        "type": "string"
      },
      "host": {
        "type": "string"
      }
    }
  },
  "DemoBookingOffer": {
    "type": "object",
    "required": [
      "hostTimeZone",
      "timeZone",
      "lengthMinutes",
      "matchesWishes",
      "slots",
      "booking"
    ],
    "properties": {
      "hostTimeZone": {
        "type": "string"
      },
      "timeZone": {
        "type": "string"
      },
      "lengthMinutes": {
        "type": "integer",
        "minimum": 1
      },
      "matchesWishes": {
        "type": "boolean"
      },
      "slots": {
        "type": "array"
      },
      "booking": {}
    }
  },
  "DemoBookingInput": {
    "type": "object",
    "required": [
      "start"
    ],
    "properties": {
      "start": {
        "type": "string",
        "x-messages": {
          "format": "Pick one of the times offered",
          "type": "Pick one of the times offered",
          "required": "Pick one of the times offered"
        }
      },
      "timeZone": {
        "type": "string",
        "minLength": 1,
        "maxLength": 64,
        "pattern": "^[A-Za-z][A-Za-z0-9_+/-]*$",
        "x-messages": {
          "minLength": "Time zone must be an IANA name such as Europe/Berlin",
          "maxLength": "Time zone must be an IANA name such as Europe/Berlin",
          "pattern": "Time zone must be an IANA name such as Europe/Berlin",
          "type": "Time zone must be an IANA name such as Europe/Berlin"
        }
      }
    }
  },
  "SlotTaken": {
    "type": "object",
    "required": [
      "type",
      "title",
      "status",
      "slots",
      "booking"
    ],
    "properties": {
      "type": {
        "type": "string"
      },
      "title": {
        "type": "string"
      },
      "status": {
        "type": "integer",
        "const": 409
      },
      "detail": {
        "type": "string"
      },
      "requestId": {
        "type": "string"
      },
      "slots": {
        "type": "array"
      },
      "booking": {}
    }
  },
  "WallTime": {
    "type": "string",
    "pattern": "^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$",
    "x-messages": {
      "pattern": "Times must be HH:MM (24-hour)",
      "type": "Times must be HH:MM (24-hour)",
      "required": "Start and end times are required"
    }
  },
  "DemoHours": {
    "type": "object",
    "required": [
      "start",
      "end"
    ],
    "properties": {
      "start": {
        "$ref": "WallTime"
      },
      "end": {
        "$ref": "WallTime"
      }
    }
  },
  "DemoWeeklyHours": {
    "type": "object",
    "required": [
      "weekday",
      "start",
      "end"
    ],
    "properties": {
      "weekday": {
        "type": "integer",
        "minimum": 1,
        "maximum": 7,
        "x-messages": {
          "minimum": "Weekday must be 1 (Monday) to 7 (Sunday)",
          "maximum": "Weekday must be 1 (Monday) to 7 (Sunday)",
          "type": "Weekday must be 1 (Monday) to 7 (Sunday)"
        }
      },
      "start": {
        "$ref": "WallTime"
      },
      "end": {
        "$ref": "WallTime"
      }
    }
  },
  "DemoDateOverride": {
    "type": "object",
    "required": [
      "date",
      "intervals"
    ],
    "properties": {
      "date": {
        "type": "string",
        "x-messages": {
          "format": "Date must be a real date (YYYY-MM-DD)",
          "type": "Date must be a real date (YYYY-MM-DD)",
          "required": "Date is required"
        }
      },
      "intervals": {
        "type": "array"
      }
    }
  },
  "DemoSchedule": {
    "type": "object",
    "required": [
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
    "properties": {
      "timeZone": {
        "type": "string",
        "minLength": 1,
        "maxLength": 64,
        "pattern": "^[A-Za-z][A-Za-z0-9_+/-]*$",
        "x-messages": {
          "minLength": "Time zone must be an IANA name such as Europe/Berlin",
          "maxLength": "Time zone must be an IANA name such as Europe/Berlin",
          "pattern": "Time zone must be an IANA name such as Europe/Berlin",
          "type": "Time zone must be an IANA name such as Europe/Berlin",
          "required": "Time zone is required"
        }
      },
      "weekly": {
        "type": "array"
      },
      "overrides": {
        "type": "array"
      },
      "lengthMinutes": {
        "type": "integer",
        "minimum": 10,
        "maximum": 240,
        "x-messages": {
          "minimum": "Demo length must be 10 to 240 minutes",
          "maximum": "Demo length must be 10 to 240 minutes",
          "type": "Demo length must be 10 to 240 minutes"
        }
      },
      "bufferBeforeMinutes": {
        "type": "integer",
        "minimum": 0,
        "maximum": 240,
        "x-messages": {
          "minimum": "Buffers must be 0 to 240 minutes",
          "maximum": "Buffers must be 0 to 240 minutes",
          "type": "Buffers must be 0 to 240 minutes"
        }
      },
      "bufferAfterMinutes": {
        "type": "integer",
        "minimum": 0,
        "maximum": 240,
        "x-messages": {
          "minimum": "Buffers must be 0 to 240 minutes",
          "maximum": "Buffers must be 0 to 240 minutes",
          "type": "Buffers must be 0 to 240 minutes"
        }
      },
      "minimumNoticeMinutes": {
        "type": "integer",
        "minimum": 0,
        "maximum": 43200,
        "x-messages": {
          "minimum": "Minimum notice must be 0 to 43200 minutes (30 days)",
          "maximum": "Minimum notice must be 0 to 43200 minutes (30 days)",
          "type": "Minimum notice must be 0 to 43200 minutes (30 days)"
        }
      },
      "horizonDays": {
        "type": "integer",
        "minimum": 1,
        "maximum": 365,
        "x-messages": {
          "minimum": "Horizon must be 1 to 365 days",
          "maximum": "Horizon must be 1 to 365 days",
          "type": "Horizon must be 1 to 365 days"
        }
      },
      "dailyCap": {
        "type": [
          "integer",
          "null"
        ],
        "minimum": 1,
        "maximum": 100,
        "x-messages": {
          "minimum": "Daily cap must be 1 to 100 demos, or none",
          "maximum": "Daily cap must be 1 to 100 demos, or none",
          "type": "Daily cap must be 1 to 100 demos, or none"
        }
      },
      "hostIds": {
        "type": "array",
        "x-messages": {
          "minItems": "Choose at least one host",
          "maxItems": "At most 100 hosts",
          "uniqueItems": "Each host is listed once"
        }
      }
    }
  },
  "DemoAgenda": {
    "type": "object",
    "required": [
      "timeZone",
      "from",
      "days"
    ],
    "properties": {
      "timeZone": {
        "type": "string"
      },
      "from": {
        "type": "string"
      },
      "days": {
        "type": "array"
      }
    }
  },
  "DemoAgendaDay": {
    "type": "object",
    "required": [
      "date",
      "demos"
    ],
    "properties": {
      "date": {
        "type": "string"
      },
      "demos": {
        "type": "array"
      }
    }
  },
  "DemoAgendaItem": {
    "type": "object",
    "required": [
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
    "properties": {
      "leadId": {},
      "name": {
        "type": "string"
      },
      "company": {
        "type": "string"
      },
      "email": {
        "type": "string"
      },
      "startsAt": {
        "$ref": "Timestamp"
      },
      "endsAt": {
        "$ref": "Timestamp"
      },
      "status": {
        "type": "string",
        "enum": [
          "pending",
          "confirmed"
        ]
      },
      "host": {
        "$ref": "TeamMemberRef"
      },
      "previousStartsAt": {}
    }
  },
  "RetentionSettings": {
    "type": "object",
    "required": [
      "leadDays",
      "unconfirmedDays",
      "emailDays",
      "webhookDays",
      "auditDays"
    ],
    "properties": {
      "leadDays": {
        "type": [
          "integer",
          "null"
        ],
        "minimum": 1
      },
      "unconfirmedDays": {
        "type": [
          "integer",
          "null"
        ],
        "minimum": 1
      },
      "emailDays": {
        "type": [
          "integer",
          "null"
        ],
        "minimum": 1
      },
      "webhookDays": {
        "type": [
          "integer",
          "null"
        ],
        "minimum": 1
      },
      "auditDays": {
        "type": [
          "integer",
          "null"
        ],
        "minimum": 1
      }
    }
  }
};
