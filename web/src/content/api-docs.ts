/** The public API the documentation pages describe: text only, nothing here calls it (docs/product.md#pages). */

export type Category = 'SMS' | 'Voice' | 'Data' | 'Campaigns';
export interface Parameter {
  name: string;
  type: string;
  required: boolean;
  description: string;
}
export interface Endpoint {
  id: string;
  method: 'GET' | 'POST';
  path: string;
  category: Category;
  title: string;
  description: string;
  parameters: Parameter[];
  request: string;
  response: string;
}

const json = (v: unknown) => JSON.stringify(v, null, 2);

export const endpoints: Endpoint[] = [
  {
    id: 'send-sms',
    method: 'POST',
    path: '/v1/sms/send',
    category: 'SMS',
    title: 'Send SMS',
    description: 'Send a text message, optionally with media or at a scheduled time.',
    parameters: [
      { name: 'to', type: 'string', required: true, description: 'Recipient phone number in E.164 format' },
      { name: 'from', type: 'string', required: true, description: 'Your sender number or ID' },
      { name: 'body', type: 'string', required: true, description: 'Message text, at most 1600 characters' },
      { name: 'mediaUrls', type: 'string[]', required: false, description: 'Media to attach (MMS)' },
      { name: 'scheduledTime', type: 'string', required: false, description: 'ISO 8601 time to send at' },
    ],
    request: json({ to: '+15551234567', from: '+15557654321', body: 'Your order has shipped!' }),
    response: json({
      messageId: 'msg_8f3a2b1c',
      to: '+15551234567',
      from: '+15557654321',
      body: 'Your order has shipped!',
      status: 'queued',
      cost: 0.0075,
      timestamp: '2024-01-15T10:30:00Z',
    }),
  },
  {
    id: 'sms-status',
    method: 'GET',
    path: '/v1/sms/{messageId}',
    category: 'SMS',
    title: 'SMS status',
    description: 'Get the delivery status of a message.',
    parameters: [
      { name: 'messageId', type: 'string', required: true, description: 'The id returned when sending' },
    ],
    request: 'GET /v1/sms/msg_8f3a2b1c',
    response: json({ messageId: 'msg_8f3a2b1c', status: 'delivered' }),
  },
  {
    id: 'voice-call',
    method: 'POST',
    path: '/v1/voice/call',
    category: 'Voice',
    title: 'Voice call',
    description: 'Place an AI voice call that speaks your message.',
    parameters: [
      { name: 'to', type: 'string', required: true, description: 'Number to call' },
      { name: 'from', type: 'string', required: true, description: 'Caller number' },
      { name: 'message', type: 'string', required: true, description: 'What the agent says' },
      { name: 'voice', type: 'string', required: false, description: 'Voice to use' },
      { name: 'webhookUrl', type: 'string', required: false, description: 'Where call events are sent' },
    ],
    request: json({
      to: '+15551234567',
      from: '+15557654321',
      message: 'Hi, this is a reminder of your appointment.',
      voice: 'alloy',
    }),
    response: json({ callId: 'call_4d5e6f', status: 'initiated', cost: 0.05 }),
  },
  {
    id: 'phone-lookup',
    method: 'POST',
    path: '/v1/lookup/phone',
    category: 'Data',
    title: 'Phone lookup',
    description: 'Validate a phone number and learn its carrier, line type and activity.',
    parameters: [
      { name: 'phone', type: 'string', required: true, description: 'Number to look up' },
      { name: 'countryCode', type: 'string', required: false, description: 'ISO country code' },
      { name: 'includeCarrier', type: 'boolean', required: false, description: 'Include carrier details' },
      { name: 'includeActivity', type: 'boolean', required: false, description: 'Include an activity score' },
    ],
    request: json({ phone: '+15551234567', countryCode: 'US', includeCarrier: true, includeActivity: true }),
    response: json({
      valid: true,
      country: 'US',
      lineType: 'mobile',
      carrier: 'Verizon Wireless',
      activityScore: 92,
      timezone: 'America/New_York',
      location: { city: 'New York', state: 'NY', zipCode: '10001' },
    }),
  },
  {
    id: 'list-campaigns',
    method: 'GET',
    path: '/v1/campaigns',
    category: 'Campaigns',
    title: 'List campaigns',
    description: 'List your campaigns, newest first.',
    parameters: [
      { name: 'limit', type: 'integer', required: false, description: 'Between 1 and 100' },
      { name: 'offset', type: 'integer', required: false, description: 'Rows to skip' },
      {
        name: 'status',
        type: 'string',
        required: false,
        description: 'active, paused, completed or scheduled',
      },
    ],
    request: 'GET /v1/campaigns?limit=10&offset=0&status=active',
    response: json({
      campaigns: [
        {
          id: 'cmp_1a2b',
          name: 'Spring Sale',
          status: 'active',
          messagesCount: 5000,
          deliveredCount: 4950,
          failedCount: 50,
          createdAt: '2024-01-10T09:00:00Z',
        },
      ],
      total: 1,
      limit: 10,
      offset: 0,
    }),
  },
  {
    id: 'create-campaign',
    method: 'POST',
    path: '/v1/campaigns',
    category: 'Campaigns',
    title: 'Create campaign',
    description: 'Create a campaign to many recipients at a chosen sending rate.',
    parameters: [
      { name: 'name', type: 'string', required: true, description: 'Campaign name' },
      { name: 'message', type: 'string', required: true, description: 'Message text' },
      { name: 'recipients', type: 'string[]', required: true, description: 'Phone numbers' },
      { name: 'scheduledTime', type: 'string', required: false, description: 'ISO 8601 start time' },
      {
        name: 'sendingRate',
        type: 'integer',
        required: false,
        description: 'Messages per minute (default 60)',
      },
    ],
    request: json({
      name: 'Spring Sale',
      message: '20% off this weekend!',
      recipients: ['+15551234567'],
      sendingRate: 60,
    }),
    response: json({
      id: 'cmp_1a2b',
      status: 'scheduled',
      recipientCount: 1,
      estimatedCost: 0.0075,
      scheduledTime: '2024-01-20T09:00:00Z',
      createdAt: '2024-01-15T10:30:00Z',
    }),
  },
];

export const categories = ['all', 'SMS', 'Voice', 'Data', 'Campaigns'] as const;

export function filterEndpoints(
  list: Endpoint[],
  search: string,
  category: (typeof categories)[number],
): Endpoint[] {
  const q = search.trim().toLowerCase();
  return list.filter(
    (e) =>
      (category === 'all' || e.category === category) &&
      (!q || [e.title, e.description, e.path].some((f) => f.toLowerCase().includes(q))),
  );
}
