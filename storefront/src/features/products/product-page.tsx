import { deliveryWindow, formatWeeks, yearsLabel } from "@ch/contracts/business-facts";
import { Link } from "@tanstack/react-router";
import { useState } from "react";
import { ArrowLeft, DownloadIcon, MailIcon, PhoneIcon } from "../../components/icons";
import { QuoteButton } from "../../components/quote-button";
import { ResponsiveImage } from "../../components/responsive-image";
import { buttonClass } from "../../components/ui";
import { trackEvent } from "../../lib/analytics";
import { addToCart } from "../../lib/cart";
import { categoryLabel, formatNumber, formatPrice } from "../../lib/format";
import type { ProductDto } from "../../lib/queries";
import { depositTerms, phoneText, type SiteConfig, telHref, useSiteConfig } from "../../lib/site-config";
import { toast } from "../../lib/toast";
import { Lightbox } from "../gallery/lightbox";
import { downloadText, specSheetFileName, specSheetText } from "./spec-sheet";

function Gallery({ product }: { product: ProductDto }) {
  const [index, setIndex] = useState(0);
  const [enlarged, setEnlarged] = useState(false);
  const images = product.imageDetails;
  const current = images[index] ?? images[0];
  if (!current) return <div className="aspect-[3/2] rounded-2xl bg-slate-100" />;
  // the gallery's full-screen viewer, over this product's images (ids are their positions)
  const viewerItems = images.map((image, i) => ({
    id: i,
    title: product.name,
    category: "",
    image: image.url,
    width: image.width,
    height: image.height,
  }));
  return (
    <div>
      <button
        type="button"
        onClick={() => setEnlarged(true)}
        aria-label={`View ${product.name} larger`}
        className="block aspect-[3/2] w-full cursor-zoom-in overflow-hidden rounded-2xl bg-slate-100 shadow-sm"
      >
        <ResponsiveImage
          key={current.url}
          image={current}
          alt={images.length > 1 ? `${product.name}, image ${index + 1} of ${images.length}` : product.name}
          sizes="(min-width: 1280px) 600px, (min-width: 1024px) 46vw, 92vw"
          // the page's largest paint: fetched before anything else
          loading="priority"
          className="h-full w-full object-cover"
        />
      </button>
      <Lightbox
        items={viewerItems}
        openId={enlarged ? index : null}
        onChange={setIndex}
        onClose={() => setEnlarged(false)}
      />
      {images.length > 1 ? (
        <ul className="mt-3 grid grid-cols-4 gap-2 sm:grid-cols-5">
          {images.map((image, i) => (
            <li key={image.url}>
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Show image ${i + 1}`}
                aria-pressed={i === index}
                className={`block aspect-[3/2] w-full overflow-hidden rounded-lg border-2 ${
                  i === index ? "border-amber-500" : "border-transparent opacity-80 hover:opacity-100"
                }`}
              >
                <ResponsiveImage
                  image={image}
                  alt=""
                  sizes="(min-width: 1024px) 110px, 22vw"
                  className="h-full w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function Specifications({ product }: { product: ProductDto }) {
  const specs: [string, number | undefined][] = [
    ["Bedrooms", product.specs.bedrooms],
    ["Bathrooms", product.specs.bathrooms],
    ["Sq Ft", product.specs.sqft],
    ["Containers", product.specs.containers],
    ["Units", product.specs.units],
    ["Floors", product.specs.floors],
    ["Parking Spaces", product.specs.parking],
  ];
  const shown = specs.filter(([, v]) => v !== undefined);
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="specs-title" className="mt-6 rounded-2xl border border-slate-200 bg-slate-50 p-5">
      <h2 id="specs-title" className="font-semibold text-slate-900">
        Specifications
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-x-6 gap-y-3 sm:grid-cols-3">
        {shown.map(([label, value]) => (
          <div key={label}>
            <dt className="text-xs text-slate-600">{label}</dt>
            <dd className="text-lg font-semibold text-slate-900">{formatNumber(value!)}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function ProductActions({ product, config }: { product: ProductDto; config: SiteConfig | undefined }) {
  const downloadSpecSheet = () => {
    downloadText(specSheetFileName(product.name), specSheetText(product, config));
    toast({ title: "Spec Sheet Downloaded", description: `${product.name} specifications have been downloaded.` });
    void trackEvent("spec_sheet_download", { item_id: String(product.id), item_name: product.name });
  };
  const about = { productId: product.id, productName: product.name };
  return (
    <div className="mt-6 grid gap-3 sm:grid-cols-2">
      <button
        type="button"
        className={`${buttonClass.primary} sm:col-span-2 py-3 text-base`}
        disabled={!product.inStock}
        onClick={() => addToCart(product)}
      >
        {product.inStock ? "Add to Cart" : "Out of Stock"}
      </button>
      <QuoteButton className={buttonClass.dark} request={{ kind: "quote", title: "Request a Quote", ...about }}>
        Request Quote
      </QuoteButton>
      <QuoteButton
        className={buttonClass.outline}
        request={{ kind: "call", title: "Schedule a Consultation", ...about }}
      >
        Schedule Consultation
      </QuoteButton>
      <button type="button" className={`${buttonClass.outline} sm:col-span-2`} onClick={downloadSpecSheet}>
        <DownloadIcon className="h-4 w-4" /> Download Spec Sheet
      </button>
    </div>
  );
}

function ProductTerms({ config }: { config: SiteConfig }) {
  return (
    <ul className="mt-6 space-y-1 text-sm text-slate-700" data-testid="product-terms">
      <li>
        Built in {formatWeeks(config.production)}; delivered {deliveryWindow(config)}.
      </li>
      {/* biome-ignore format: keeps the text split as it was, so the server markup stays the same */}
      <li>
        {yearsLabel(config.warranty.structuralYears)} structural warranty,{" "}
        {yearsLabel(config.warranty.systemsYears)} systems and {yearsLabel(config.warranty.finishYears)} finish
        warranties.
      </li>
      <li>{depositTerms(config)}.</li>
    </ul>
  );
}

function ProductContact({ product, config }: { product: ProductDto; config: SiteConfig }) {
  return (
    <aside aria-labelledby="product-contact" className="mt-6 rounded-2xl bg-slate-900 p-5 text-white">
      <h2 id="product-contact" className="font-semibold">
        Questions about {product.name}?
      </h2>
      <p className="mt-1 text-sm text-slate-300">Our San Antonio team answers Monday to Saturday.</p>
      <div className="mt-3 flex flex-col gap-2 text-sm sm:flex-row sm:gap-6">
        <a href={telHref(config.company.phone)} className="inline-flex items-center gap-2 rounded hover:text-amber-400">
          <PhoneIcon className="h-4 w-4 text-amber-400" /> {phoneText(config.company.phone)}
        </a>
        <a
          href={`mailto:${config.company.email}`}
          className="inline-flex items-center gap-2 rounded break-all hover:text-amber-400"
        >
          <MailIcon className="h-4 w-4 shrink-0 text-amber-400" /> {config.company.email}
        </a>
      </div>
    </aside>
  );
}

export function ProductPage({ product }: { product: ProductDto }) {
  const config = useSiteConfig();
  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <Link
        to="/products/{-$category}"
        params={{ category: undefined }}
        className="inline-flex items-center gap-2 rounded text-sm font-medium text-slate-700 hover:text-amber-700"
      >
        <ArrowLeft className="h-4 w-4" /> Back to Products
      </Link>
      <div className="mt-6 grid gap-10 lg:grid-cols-2">
        <Gallery product={product} />
        <div>
          <p className="text-sm font-semibold tracking-wide text-amber-700 uppercase">
            {categoryLabel(product.category)}
          </p>
          <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{product.name}</h1>
          <p className="mt-3 text-3xl font-bold text-slate-900">{formatPrice(product.price)}</p>
          {!product.inStock ? <p className="mt-2 font-medium text-red-700">Currently out of stock</p> : null}
          <p className="mt-5 leading-relaxed whitespace-pre-line text-slate-700">{product.description}</p>

          <Specifications product={product} />

          <ProductActions product={product} config={config} />

          {config ? <ProductTerms config={config} /> : null}

          {config ? <ProductContact product={product} config={config} /> : null}
        </div>
      </div>
    </div>
  );
}
