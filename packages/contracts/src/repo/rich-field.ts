/** A rich-text (HTML) field with its length limit, named in the message. */
import { z } from 'zod';

export const zRich = (label: string, max = 50_000) => z.string().max(max, `${label}过长`).describe(label);
