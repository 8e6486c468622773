// The names of the document's shared schemas (components.schemas): each is a contract's own zod schema,
// given an id once here, so every operation and webhook that uses it refers to it by name and a
// generated client gets a type of that name (`components["schemas"]["Product"]`). Path parameters and
// queries stay inline: OpenAPI lists their fields one by one.
import { adminContactDto, adminOrderDto, dashboardStatsDto } from "@ch/contracts/admin";
import { adminProductDto, productDto, productInput } from "@ch/contracts/catalog";
import { blogPostDto, blogPostInput, galleryItemDto, galleryItemInput } from "@ch/contracts/content";
import { contactInput } from "@ch/contracts/leads";
import { moneyDto } from "@ch/contracts/money";
import {
  adminOrderCreateInput,
  cartItem,
  orderInput,
  orderLineDto,
  orderQuoteDto,
  orderReceiptDto,
  taxLineDto,
} from "@ch/contracts/orders";
import {
  adminPaymentDto,
  bankAccountDto,
  invoiceDto,
  orderEventDto,
  paymentDto,
  usdtTransferDto,
} from "@ch/contracts/payments";
import {
  proposalDetailDto,
  proposalFiguresDto,
  proposalInput,
  proposalLineDto,
  proposalLineInput,
  publicProposalDto,
  taxLineCentsDto,
} from "@ch/contracts/proposals";
import { okAnswer } from "@ch/contracts/responses";
import { businessSettingsDto, businessSettingsInput, siteConfigDto } from "@ch/contracts/settings";
import { visitorStatsDto } from "@ch/contracts/visits";
import { feedEvent, webhookCreateInput, webhookEndpointDto } from "@ch/contracts/webhooks";
import { z } from "zod";

const NAMED: [z.ZodType, string][] = [
  [productDto, "Product"],
  [adminProductDto, "AdminProduct"],
  [productInput, "ProductInput"],
  [blogPostDto, "BlogPost"],
  [blogPostInput, "BlogPostInput"],
  [galleryItemDto, "GalleryItem"],
  [galleryItemInput, "GalleryItemInput"],
  [contactInput, "ContactInput"],
  [adminContactDto, "Contact"],
  [cartItem, "CartItem"],
  [orderInput, "OrderInput"],
  [adminOrderCreateInput, "AdminOrderInput"],
  [orderReceiptDto, "OrderReceipt"],
  [orderLineDto, "OrderLine"],
  [orderQuoteDto, "OrderQuote"],
  [taxLineDto, "TaxLine"],
  [moneyDto, "Money"],
  [adminOrderDto, "AdminOrder"],
  [invoiceDto, "Invoice"],
  [paymentDto, "Payment"],
  [adminPaymentDto, "AdminPayment"],
  [orderEventDto, "OrderEvent"],
  [bankAccountDto, "BankAccount"],
  [usdtTransferDto, "UsdtTransfer"],
  [proposalInput, "ProposalInput"],
  [proposalLineInput, "ProposalLineInput"],
  [proposalLineDto, "ProposalLine"],
  [taxLineCentsDto, "ProposalTaxLine"],
  [proposalFiguresDto, "ProposalFigures"],
  [publicProposalDto, "PublicProposal"],
  [proposalDetailDto, "ProposalDetail"],
  [dashboardStatsDto, "DashboardStats"],
  [visitorStatsDto, "VisitorStats"],
  [businessSettingsDto, "BusinessSettings"],
  [businessSettingsInput, "BusinessSettingsInput"],
  [siteConfigDto, "SiteConfig"],
  [webhookCreateInput, "WebhookEndpointInput"],
  [webhookEndpointDto, "WebhookEndpoint"],
  [feedEvent, "Event"],
  [okAnswer, "Ok"],
];

let named = false;

/** Gives each shared schema its id in zod's registry (its description and other metadata kept); once. */
export function nameSharedSchemas(): void {
  if (named) return;
  named = true;
  for (const [schema, id] of NAMED) z.globalRegistry.add(schema, { ...z.globalRegistry.get(schema), id });
}
