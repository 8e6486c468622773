// The documented REST paths of the business settings (back-office origin, admin session required).
// The public side stays GET /api/config (modules/system/system.rest.ts).
import { businessSettingsDto, businessSettingsInput } from "../../contracts/settings";
import { route } from "../../http/route";
import { getSettings, updateSettings } from "./settings.service";

export const settingsRoutes = [
  route({
    method: "GET",
    url: "/api/admin/settings",
    access: "admin",
    summary: "The business settings (company, opening hours, warranty, lead times, deposit, social links)",
    operationId: "getSettings",
    response: businessSettingsDto,
    tags: ["admin", "settings"],
    answer: "{ company, openingHours, timeZone, warranty, production, delivery, depositPercent, social, updatedAt }",
    handler: ({ deps }) => getSettings(deps),
  }),
  route({
    method: "PUT",
    url: "/api/admin/settings",
    access: "admin",
    summary: "Replace the business settings (audited); every page, e-mail and JSON-LD shows them at once",
    operationId: "updateSettings",
    response: businessSettingsDto,
    tags: ["admin", "settings"],
    body: businessSettingsInput,
    answer: "The settings as stored, with updatedAt; 400 naming each invalid field",
    handler: ({ deps, body, admin }) => updateSettings(deps, admin!, body),
  }),
];
