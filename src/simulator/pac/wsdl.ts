/**
 * A WSDL 1.1 description of each simulated service (document/literal, SOAP 1.1), served on
 * `?wsdl` and at `<service>.wsdl` like Finkok's. Parameters are declared as strings: enough for a
 * generated client to build the requests the simulator reads by element name.
 */
import { escapeXml } from '../soap.ts';

export interface OperationShape {
  name: string;
  parameters: readonly string[];
}

export function wsdlDocument(service: string, namespace: string, address: string, operations: readonly OperationShape[]): string {
  const elements = operations
    .map((operation) => {
      const fields = operation.parameters.map((field) => `<xs:element name="${field}" type="xs:string" minOccurs="0"/>`).join('');
      return (
        `<xs:element name="${operation.name}"><xs:complexType><xs:sequence>${fields}</xs:sequence></xs:complexType></xs:element>` +
        `<xs:element name="${operation.name}Response"><xs:complexType><xs:sequence><xs:element name="${operation.name}Result" type="xs:anyType" minOccurs="0"/></xs:sequence></xs:complexType></xs:element>`
      );
    })
    .join('');
  const messages = operations
    .map(
      (operation) =>
        `<wsdl:message name="${operation.name}"><wsdl:part name="${operation.name}" element="tns:${operation.name}"/></wsdl:message>` +
        `<wsdl:message name="${operation.name}Response"><wsdl:part name="${operation.name}Response" element="tns:${operation.name}Response"/></wsdl:message>`,
    )
    .join('');
  const portOperations = operations
    .map(
      (operation) =>
        `<wsdl:operation name="${operation.name}"><wsdl:input message="tns:${operation.name}"/><wsdl:output message="tns:${operation.name}Response"/></wsdl:operation>`,
    )
    .join('');
  const bindings = operations
    .map(
      (operation) =>
        `<wsdl:operation name="${operation.name}"><soap:operation soapAction="${operation.name}" style="document"/>` +
        '<wsdl:input><soap:body use="literal"/></wsdl:input><wsdl:output><soap:body use="literal"/></wsdl:output></wsdl:operation>',
    )
    .join('');
  return (
    `<?xml version='1.0' encoding='UTF-8'?>\n<wsdl:definitions xmlns:wsdl="http://schemas.xmlsoap.org/wsdl/" xmlns:soap="http://schemas.xmlsoap.org/wsdl/soap/" ` +
    `xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:tns="${escapeXml(namespace)}" targetNamespace="${escapeXml(namespace)}" name="${service}">` +
    `<wsdl:types><xs:schema targetNamespace="${escapeXml(namespace)}" elementFormDefault="qualified">${elements}</xs:schema></wsdl:types>${messages}` +
    `<wsdl:portType name="${service}">${portOperations}</wsdl:portType>` +
    `<wsdl:binding name="${service}" type="tns:${service}"><soap:binding style="document" transport="http://schemas.xmlsoap.org/soap/http"/>${bindings}</wsdl:binding>` +
    `<wsdl:service name="${service}"><wsdl:port name="${service}" binding="tns:${service}"><soap:address location="${escapeXml(address)}"/></wsdl:port></wsdl:service></wsdl:definitions>`
  );
}
