// apexcharts wrapper. Import this module only through React.lazy (see lazy-chart.tsx):
// the library is about 1 MB and must stay out of the entry bundle.
import type { ApexOptions } from "apexcharts";
import ReactApexChartModule from "react-apexcharts";

// react-apexcharts 1.x (the last MIT line, with apexcharts 4.x) is CommonJS with `exports.default`; the
// bundler follows Node's interop and hands over the exports object, whose `default` is the component
const ReactApexChart =
  (ReactApexChartModule as unknown as { default?: typeof ReactApexChartModule }).default ?? ReactApexChartModule;

export interface ChartProps {
  type: "bar" | "line" | "donut";
  series: ApexOptions["series"];
  options: ApexOptions;
  height?: number;
  label: string;
}

export default function Chart({ type, series, options, height = 280, label }: ChartProps) {
  return (
    <figure className="m-0">
      <figcaption className="sr-only">{label}</figcaption>
      <ReactApexChart
        type={type}
        series={series}
        height={height}
        options={{
          ...options,
          chart: { fontFamily: "inherit", toolbar: { show: false }, animations: { enabled: false }, ...options.chart },
        }}
      />
    </figure>
  );
}
